/**
 * Reading a legal document: front matter, config tokens and facts, figures typed into the prose, the consent
 * screenshot, reading sentences for meaning, and the machine-readable promises.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ConsentScreenshotError, consentScreenshotOf } from '../../src/lib/legal/loader.node.ts';
import { LegalSourceError, parseLegalSource } from '../../src/lib/legal/source.ts';
import { fillTokens, LegalTokenError, siteHostOf } from '../../src/lib/legal/tokens.ts';
import { clausesOf, datesIn, durationsIn, literalFigures, normalize } from '../../src/lib/legal/meaning.ts';
import { stalePages } from '../../src/lib/legal/review.ts';
import { gpcJson, securityTxt } from '../../src/lib/legal/wellKnown.ts';

describe('legal sources', () => {
  const source = (frontMatter: string, body = '## Hello { #hello }\n\nText.') =>
    `---\n${frontMatter}\n---\n\n${body}\n`;
  const valid = 'title: Terms\neffective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: In short.';

  it('fills config values and keeps them literal Markdown-wise', () => {
    const parsed = parseLegalSource(
      source(valid, '## About {{productName}} { #about }\n\nWrite to [{{contactEmail}}](mailto:{{contactEmail}}).'),
      'test.md',
      { productName: 'Eat_Now*', contactEmail: 'team@eat.example' },
    );
    expect(parsed.html).toContain('About Eat_Now*');
    expect(parsed.html).not.toContain('<em>');
    expect(parsed.html).toContain('<a href="mailto:team@eat.example">team@eat.example</a>');
    expect(parsed.headings).toEqual([{ depth: 2, slug: 'about', text: 'About Eat_Now*' }]);
  });

  it('rejects an unknown token, naming the file and the token', () => {
    expect(() => fillTokens('Hello {{productname}}', 'src/content/legal/terms.md', { productName: 'X' })).toThrow(
      LegalTokenError,
    );
    expect(() => fillTokens('Hello {{productname}}', 'src/content/legal/terms.md', { productName: 'X' })).toThrow(
      'src/content/legal/terms.md: unknown token {{productname}}; expected one of {{productName}}',
    );
  });

  it.each([
    ['effective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: x', 'title is missing'],
    [
      'title: T\neffective: July 12, 2025\nlastUpdated: 2025-07-12\nsummary: x',
      'effective is "July 12, 2025"; expected a date written YYYY-MM-DD',
    ],
    [
      'title: T\neffective: 2025-07-12\nlastUpdated: 2025-07-01\nsummary: x',
      'lastUpdated is "2025-07-01"; expected a last-updated date on or after',
    ],
    ['title: T\neffective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: x\nauthor: me', 'author'],
  ])('rejects bad front matter (%j), naming the file and the field', (frontMatter, message) => {
    expect(() => parseLegalSource(source(frontMatter), 'src/content/legal/terms.md')).toThrow(LegalSourceError);
    expect(() => parseLegalSource(source(frontMatter), 'src/content/legal/terms.md')).toThrow(message);
  });
});

describe('the domain-bound line of a code message', () => {
  it('names the site host, port included, never the scheme or a path', () => {
    expect(siteHostOf('https://forkful.app')).toBe('forkful.app');
    expect(siteHostOf('https://www.forkful.app:8443')).toBe('www.forkful.app:8443');
  });
});

describe('the consent screenshot', () => {
  const terms = [
    '---\ntitle: Terms\neffective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: In short.\n---\n',
    '## Opt-in { #opt-in }\n\nThe screen says:\n\n<blockquote id="consent-wording">\n\nReply STOP to opt out.\n\n</blockquote>\n\nMore text.\n',
  ].join('\n');

  it('is shown right under the consent quotation, with its size and a description', () => {
    const { html } = parseLegalSource(
      terms,
      'terms.md',
      { productName: 'Forkful' },
      {
        src: '/images/consent.png',
        width: 390,
        height: 844,
      },
    );
    expect(html).toMatch(
      /<\/blockquote><figure class="consent-screenshot"><img src="\/images\/consent\.png" alt="The Forkful sign-up screen, showing the wording quoted above next to the phone number field" width="390" height="844" loading="lazy" decoding="async"><figcaption>The sign-up screen of the Forkful app\.<\/figcaption><\/figure>\s*<p>More text\.<\/p>/,
    );
  });

  it('is left out when none is configured', () => {
    expect(parseLegalSource(terms, 'terms.md', { productName: 'Forkful' }).html).not.toContain('<figure');
  });

  it('reads the size of a configured file under public/', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'consent-'));
    try {
      await sharp({ create: { width: 39, height: 84, channels: 3, background: '#ffffff' } })
        .png()
        .toFile(join(dir, 'shot.png'));
      expect(await consentScreenshotOf('/shot.png', pathToFileURL(`${dir}/`))).toEqual({
        src: '/shot.png',
        width: 39,
        height: 84,
      });
      expect(await consentScreenshotOf('', pathToFileURL(`${dir}/`))).toBeUndefined();
      await writeFile(join(dir, 'broken.png'), 'not an image');
      await expect(consentScreenshotOf('/broken.png', pathToFileURL(`${dir}/`))).rejects.toThrow(
        'smsConsentScreenshot (site.config.ts or PUBLIC_SMS_CONSENT_SCREENSHOT) is "/broken.png"',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops the build naming the field and the path when the file is missing', async () => {
    const missing = consentScreenshotOf('/images/sms-consent.png', pathToFileURL('/nonexistent/public/'));
    await expect(missing).rejects.toThrow(ConsentScreenshotError);
    await expect(consentScreenshotOf('/images/sms-consent.png', pathToFileURL('/nonexistent/public/'))).rejects.toThrow(
      'smsConsentScreenshot (site.config.ts or PUBLIC_SMS_CONSENT_SCREENSHOT) is "/images/sms-consent.png", but /nonexistent/public/images/sms-consent.png does not exist',
    );
  });
});

describe('facts in one place', () => {
  const page = (facts: string, body: string) =>
    `---\ntitle: T\neffective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: x\n${facts}---\n\n${body}\n`;

  it("fills the front matter's facts like config tokens", () => {
    const parsed = parseLegalSource(
      page('facts:\n  keptDays: 90\n', '## A { #a }\n\nKept {{keptDays}} days.'),
      'p.md',
      {},
    );
    expect(parsed.html).toContain('Kept 90 days.');
    expect(parsed.figures).toEqual([]);
  });

  it('rejects a fact that shadows a config token, naming it', () => {
    expect(() => parseLegalSource(page('facts:\n  productName: X\n', 'Hi.'), 'p.md', { productName: 'Y' })).toThrow(
      'p.md: front matter facts productName shadow config tokens',
    );
  });

  it('finds every figure, number word, duration and date typed into the prose, with its section', () => {
    const markdown = [
      '## Keeping { #keeping }',
      '',
      'We keep it 90 days, or two months, or a year; reviewed annually since March 1, 2025.',
      '',
      '### Law { #law }',
      '',
      'Under Art. 9(2)(a), Arts. 15-21, section 5.1.2(i) and 47 CFR 64.1200(a)(10), {{days}} days, [link](/a-1).',
      '',
      '1. A list item.',
    ].join('\n');
    expect(literalFigures(markdown)).toEqual([
      { section: 'keeping', figure: '90' },
      { section: 'keeping', figure: '1' },
      { section: 'keeping', figure: '2025' },
      { section: 'keeping', figure: 'two' },
      { section: 'keeping', figure: 'a year' },
      { section: 'keeping', figure: 'annually' },
    ]);
  });

  it("finds the config's names typed by hand, as whole words, outside tokens and link addresses", () => {
    const markdown = [
      '## AI { #ai }',
      '',
      "We send {{aiProvider}} your request; OpenAI's servers answer. OpenAIX is another company.",
      'Write to [us](mailto:hello@example.com) or hello@example.com.',
    ].join('\n');
    expect(literalFigures(markdown, { aiProvider: 'OpenAI', contactEmail: 'hello@example.com', siteHost: '' })).toEqual(
      [
        { section: 'ai', figure: 'OpenAI', token: 'aiProvider' },
        { section: 'ai', figure: 'hello@example.com', token: 'contactEmail' },
      ],
    );
  });
});

describe('reading for meaning', () => {
  it('reads British and US spellings as one', () => {
    expect(normalize('a licence, behaviour, anonymised, honour')).toBe('a license, behavior, anonymized, honor');
  });

  it('keeps a negation inside its own clause', () => {
    expect(clausesOf('We do not sell your data, but we share it with partners for marketing.')).toEqual([
      { text: 'We do not sell your data', negated: true },
      { text: 'we share it with partners for marketing.', negated: false },
    ]);
    // A limit is no negation: "no later than 60 days" still says 60 days.
    expect(clausesOf('We delete it no later than 60 days after you close your account.')[0]!.negated).toBe(false);
    // An elliptic "..., but X does" says the opposite of the clause before it.
    const [, second] = clausesOf('Replying YES does not opt you back in, but signing in again does.');
    expect(second!.negated).toBe(false);
    expect(second!.text).toContain('opt you back in');
  });

  it('reads durations in days and dates as YYYY-MM-DD', () => {
    expect(durationsIn('within 2 months, or ten business days, or 5 minutes')).toEqual([60, 14, 5 * (1 / 1440)]);
    expect(datesIn('on July 12, 2025 or 2024-12-16 or 3 March 2025')).toEqual([
      '2024-12-16',
      '2025-07-12',
      '2025-03-03',
    ]);
    expect(datesIn('from the first of March')).toEqual(['partial']);
    expect(datesIn('we may keep it')).toEqual([]);
  });
});

describe('the machine-readable promises and the yearly review', () => {
  it('writes security.txt with the contact, an expiry a year after the build, and the canonical address', () => {
    expect(securityTxt({ contactEmail: 'a@b.example', siteUrl: 'https://b.example' }, new Date('2026-11-24T08:00:00Z')))
      .toBe(`Contact: mailto:a@b.example
Expires: 2027-11-24T08:00:00Z
Canonical: https://b.example/.well-known/security.txt
Preferred-Languages: en
`);
    expect(gpcJson('2026-11-24')).toEqual({ gpc: true, lastUpdate: '2026-11-24' });
  });

  it('lists a page last updated more than 12 months ago, and no other', () => {
    const pages = [
      { file: 'old.md', lastUpdated: '2025-11-23' },
      { file: 'recent.md', lastUpdated: '2025-11-24' },
    ];
    expect(stalePages(pages, new Date('2026-11-24T12:00:00Z'))).toEqual([
      expect.stringMatching(/^old\.md: last updated 2025-11-23, more than 12 months ago/),
    ]);
  });
});
