/**
 * The build stops on a same-site link whose fragment names no id of the page it opens, or that opens no page at all
 * (src/integrations/fragmentLinks.ts, run by finishDist.ts over dist/), on small fixture pages: the page that links, the href and the target's closest
 * ids are named; an id that exists passes, wherever the link is written; a hash route is no id.
 */
import { describe, expect, it } from 'vitest';
import { addressOf, brokenFragmentLinks } from '../../src/integrations/fragmentLinks.ts';

const origin = 'https://example.com';
const page = (ids: string[], hrefs: string[] = []) =>
  `<main>${ids.map((id) => `<h2 id="${id}">Part</h2>`).join('')}${hrefs.map((href) => `<a href="${href}">Go</a>`).join('')}</main>`;
const check = (pages: Record<string, string>) => brokenFragmentLinks(new Map(Object.entries(pages)), origin);

describe('a link with a fragment', () => {
  it('passes when the page it opens has the id, however the address is written', () => {
    const target = page(['stop', 'help']);
    const links = ['/terms#stop', '#own', '/terms.html#help', 'https://example.com/terms#stop', '/es/#top', '/es#top'];
    expect(check({ '/terms': target, '/es/': page(['top']), '/support': page(['own'], links) })).toEqual([]);
  });

  it('stops the build when the id is missing, naming the page, the href and the closest ids', () => {
    const failures = check({
      '/privacy': page(['delete-account', 'delete-data', 'retention', 'security']),
      '/es/support': page([], ['/privacy#erase-some-data', '#nowhere']),
    });
    expect(failures).toEqual([
      '/es/support links "/privacy#erase-some-data": /privacy has no id "erase-some-data"; its closest: #delete-data, #delete-account, #retention',
      '/es/support links "#nowhere": /es/support has no id "nowhere"',
    ]);
  });

  it('stops the build when it opens no page of the build', () => {
    expect(check({ '/': page([], ['/gone#part']) })).toEqual([
      '/ links "/gone#part": no page of the build is at /gone',
    ]);
  });

  it("follows a moved page's former address to the page, as its hosts' redirects do", () => {
    const pages = new Map(
      Object.entries({
        '/privacy-policy': page(['retention']),
        '/': page([], ['/privacy#retention', '/privacy#gone']),
      }),
    );
    expect(brokenFragmentLinks(pages, origin, new Map([['/privacy', '/privacy-policy']]))).toEqual([
      '/ links "/privacy#gone": /privacy-policy has no id "gone"; its closest: #retention',
    ]);
    expect(brokenFragmentLinks(pages, origin)).toHaveLength(2);
  });

  it('leaves a hash route, another site and a bare "#" alone', () => {
    expect(check({ '/': page([], ['#/privacy', '/#/terms', 'https://elsewhere.example/x#y', '#']) })).toEqual([]);
  });
});

describe('a link without a fragment', () => {
  it('passes when it opens a page of the build, and leaves a file, another site and an email address alone', () => {
    const links = ['/terms', '/terms.html', '/es', '/es/', '/sitemap-index.xml', '/images/x.png', 'mailto:a@b.c'];
    expect(
      check({ '/terms': page([]), '/es/': page([]), '/': page([], [...links, 'https://elsewhere.example/x']) }),
    ).toEqual([]);
  });

  it('stops the build when it opens no page of the build: a page left unpublished with its feature', () => {
    expect(check({ '/terms-of-use': page([], ['/guidelines', '/es/health-data']) })).toEqual([
      '/terms-of-use links "/guidelines": no page of the build is at /guidelines',
      '/terms-of-use links "/es/health-data": no page of the build is at /es/health-data',
    ]);
  });
});

it('reads a built file at the address its hosts serve it from', () => {
  expect(['index.html', 'privacy.html', 'es/index.html', 'legal/privacy/history.html'].map(addressOf)).toEqual([
    '/',
    '/privacy',
    '/es/',
    '/legal/privacy/history',
  ]);
});
