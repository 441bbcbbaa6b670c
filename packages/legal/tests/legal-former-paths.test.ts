/**
 * A moved legal page keeps answering at every address it had (docs/legal-pages.md, "Moving a page to a new
 * address"), on fixtures: each former address leads to the page's address now, in its language and on every host; a
 * move the record knows but the front matter does not state, and a former address another page answers, stop it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Approval, Approvals } from '../src/record/approvals.node.ts';
import { legalMoves, type PublishedLegalPage } from '../src/addresses/formerPaths.node.ts';
import { movedPage } from '../src/addresses/movedRules.ts';
import { legalSource } from '../src/addresses/pages.node.ts';
import { hostFiles, vercelConfig } from '../../../src/lib/hostFiles.node.ts';
import { securityHeaders } from '../../../src/lib/headers.ts';

const page = (key: string, path: string, formerPaths: string[] = [], locale = 'en'): PublishedLegalPage => ({
  key,
  file: `fixtures/${key.split('.')[0]}.md`,
  locale,
  path,
  formerPaths,
  title: `${key} title`,
});
const approval = (version: string, path?: string): Approval => ({
  version,
  date: version.slice(0, 10),
  approvedBy: 'A. Approver',
  note: 'A note',
  sha256: '0'.repeat(64),
  ...(path && { path }),
});
const refusal = (pages: PublishedLegalPage[], approvals: Approvals = {}, others: string[] = []) => {
  try {
    legalMoves(pages, approvals, others);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the moves to be refused');
};

describe('the former addresses of the legal pages', () => {
  it('lead each former address to the page, in each language it is published in', () => {
    const pages = [
      page('notice', '/notice-now', ['/notice-then', '/notice-first']),
      page('notice.xx', '/xx/notice-now', ['/xx/notice-then', '/xx/notice-first'], 'xx'),
      page('rules', '/rules'),
    ];
    expect(legalMoves(pages, {})).toEqual([
      { from: '/notice-then', to: '/notice-now', title: 'notice title', locale: 'en' },
      { from: '/notice-first', to: '/notice-now', title: 'notice title', locale: 'en' },
      { from: '/xx/notice-then', to: '/xx/notice-now', title: 'notice.xx title', locale: 'xx' },
      { from: '/xx/notice-first', to: '/xx/notice-now', title: 'notice.xx title', locale: 'xx' },
    ]);
  });

  it('accept a record whose addresses are the page’s, now or listed, or unknown (approved before addresses were kept)', () => {
    const approvals = {
      notice: [approval('2026-01-01'), approval('2026-02-01', '/notice-then'), approval('2026-03-01', '/notice-now')],
    };
    expect(legalMoves([page('notice', '/notice-now', ['/notice-then'])], approvals)).toHaveLength(1);
    expect(legalMoves([page('notice', '/notice-then')], { notice: approvals.notice.slice(0, 2) })).toEqual([]);
  });

  it('stop on an address the record says the page was published at, when formerPaths does not list it', () => {
    const approvals = { notice: [approval('2026-02-01', '/notice-then')] };
    expect(refusal([page('notice', '/notice-now')], approvals)).toMatch(
      /^fixtures\/notice\.md: notice@2026-02-01 was published at \/notice-then \(src\/content\/legal\/approvals\.yaml\), but the page's path is now \/notice-now and its formerPaths do not list \/notice-then; expected formerPaths: \[\/notice-then\]/,
    );
    // A translation's record names its own address; the fix is the English front matter's, without the prefix.
    const translated = { 'notice.xx': [approval('2026-02-01', '/xx/notice-then')] };
    expect(refusal([page('notice.xx', '/xx/notice-now', [], 'xx')], translated)).toContain(
      'fixtures/notice.md: notice.xx@2026-02-01 was published at /xx/notice-then',
    );
    expect(refusal([page('notice.xx', '/xx/notice-now', [], 'xx')], translated)).toContain(
      'expected formerPaths: [/notice-then]',
    );
    // A code with a region is the prefix whole: the English front matter's address has none of it.
    const region = { 'notice.pt-BR': [approval('2026-02-01', '/pt-BR/notice-then')] };
    expect(refusal([page('notice.pt-BR', '/pt-BR/notice-now', [], 'pt-BR')], region)).toContain(
      'expected formerPaths: [/notice-then]',
    );
  });

  it('stop on a former address that another page answers now, naming both', () => {
    expect(refusal([page('notice', '/notice-now', ['/rules']), page('rules', '/rules')])).toMatch(
      /^fixtures\/notice\.md: formerPaths lists \/rules, the address of rules now \(fixtures\/rules\.md, path\)/,
    );
    expect(refusal([page('notice', '/notice-now', ['/notice-now'])])).toContain(
      'formerPaths lists /notice-now, the address of notice now',
    );
    expect(refusal([page('notice', '/notice-now', ['/support'])], {}, ['/support'])).toContain(
      'fixtures/notice.md: formerPaths lists /support, which another page of the site answers',
    );
  });

  it('stop on a former address two pages list, naming both', () => {
    const pages = [page('notice', '/notice-now', ['/old']), page('rules', '/rules', ['/old'])];
    expect(refusal(pages)).toMatch(
      /^fixtures\/rules\.md: formerPaths lists \/old, which fixtures\/notice\.md lists too/,
    );
  });

  it('refuses a formerPaths that is not a list of addresses, naming the file and the field', () => {
    const file = 'src/content/legal/privacy.md';
    const markdown = readFileSync(file, 'utf8');
    const edited = markdown.replace(/^path: .*$/m, '$&\nformerPaths: [privacy-policy]');
    expect(edited).not.toBe(markdown);
    expect(() => legalSource('privacy', edited)).toThrow(
      /src\/content\/legal\/privacy\.md: invalid front matter:\n.*an address like \/privacy\n.*formerPaths\[0\]/,
    );
  });
});

describe('a former address on every host', () => {
  const move = { from: '/xx/notice-then', to: '/xx/notice-now', title: 'Notice & terms', locale: 'xx' };
  const { published, nginx } = hostFiles({ invitePath: '', siteUrl: 'https://example.com' }, [move]);

  it('is a 301 to the page for nginx, Netlify and Cloudflare Pages, and Vercel', () => {
    expect(nginx['server.conf']).toContain(
      'location = /xx/notice-then {\n  return 301 /xx/notice-now$is_args$args;\n}\nlocation = /xx/notice-then/ {',
    );
    expect(published._redirects).toContain('\n/xx/notice-then  /xx/notice-now  301\n');
    expect(vercelConfig(securityHeaders, null, [move]).redirects).toEqual([
      { source: '/xx/notice-then', destination: '/xx/notice-now', statusCode: 301 },
    ]);
  });

  it('is a page that leads on for a host that reads no rule: no script, canonical, out of search results', () => {
    const html = published['xx/notice-then.html']!;
    expect(html).toContain('<html lang="xx" dir="ltr">');
    // In its language's direction: a code of a right-to-left language gives rtl.
    expect(movedPage({ ...move, locale: 'ar' }, 'https://example.com')).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/xx/notice-now">');
    expect(html).toContain('<link rel="canonical" href="https://example.com/xx/notice-now">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<a href="/xx/notice-now">Notice &amp; terms</a>');
    expect(html).not.toContain('<script');
  });
});
