/**
 * The legal pages' structural check and the data-practices file, on the real Markdown rendered through the site's
 * legal Markdown steps: each rule fails when what it guards is broken, and a harmless rewording passes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ownerConfirmations, stalePages, unconfirmed } from '../../../scripts/check-release.ts';
import { loadConfig } from '../../../src/config/index.ts';
import { parseDataPractices } from '../src/practices/practices.ts';
import { legalPages, legalSources } from '../src/addresses/pages.node.ts';
import { checkLegalEntry } from '../src/check/check.node.ts';
import { filledNames, longSentences, nameFields, reading } from '../src/check/readability.ts';
import { consentScreenshotOf, legalShared, legalText } from '../src/render/text.node.ts';
import { legalWording, percent } from '../src/render/tokens.node.ts';
import { gpcJson, securityTxt } from '../../../src/lib/wellKnown.ts';
import { reword } from '../../../tests/support/legalEdits.ts';
import { computes } from '../../../tests/support/timeouts.ts';

const config = loadConfig();

const legalDir = 'src/content/legal';
/** The check's failures for the page with `edit` applied, one per line; '' when it passes. */
async function failuresOf(kind: string, edit?: (text: string) => string): Promise<string> {
  const source = readFileSync(`${legalDir}/${kind}.md`, 'utf8');
  const edited = edit?.(source) ?? source;
  // The edit must change the text: a test whose edit no longer applies fails instead of passing by accident.
  if (edit && edited === source) throw new Error('the edit changed nothing: the test is stale');
  return legalText(kind, edited, legalShared(loadConfig())).then(
    () => '',
    (error: Error) => error.message,
  );
}

describe('the legal check', computes, () => {
  it('passes the pages as they are, and a harmless rewording', async () => {
    for (const { kind } of legalPages(config.features)) expect(await failuresOf(kind)).toBe('');
    expect(await failuresOf('privacy', (t) => reword(reword(t, 'introduction'), 'this-website'))).toBe('');
  });

  it('stops sections out of order, a sub-section moved, and a heading left over an emptied section', async () => {
    const swapped = await failuresOf('terms', (t) =>
      t.replace('## Liability { #liability }', '## Liability { #security-x }'),
    );
    expect(swapped).toMatch(/the sections are \[.*security-x.*\]; expected exactly \[.*liability.*\], in this order/);
    const moved = await failuresOf('terms', (t) =>
      t.replace('### Message and data rates { #rates }', '## Rates { #rates }'),
    );
    expect(moved).toContain('message and data rates (#rates) is missing; expected it inside #message-frequency');
    const emptied = await failuresOf('guidelines', (t) => t.replace(/(## Contact \{ #contact \}\n)[\s\S]*$/, '$1'));
    expect(emptied).toContain('#contact has a heading and no text');
  });

  it('stops a mandated sentence typed by hand or dropped, and STOP or HELP out of bold', async () => {
    const text = legalWording(loadConfig()).carriersNotLiable;
    expect(await failuresOf('terms', (t) => t.replace('{{carriersNotLiable}}', text))).toBe(
      `src/content/legal/terms.md (the terms page) fails the legal check (docs/legal-pages.md#what-the-build-checks):\n  - #carriers does not quote {{carriersNotLiable}} ("${text}")`,
    );
    expect(await failuresOf('privacy', (t) => t.replace('{{noMarketingSharing}}', ''))).toContain(
      '#no-marketing-sharing does not quote {{noMarketingSharing}}',
    );
    expect(await failuresOf('terms', (t) => t.replace('{{helpReply}}', ''))).toContain(
      '#help does not quote {{helpReply}}',
    );
    expect(await failuresOf('terms', (t) => t.replace(/(\{ #stop \}\n\n[^]*?)\*\*STOP\*\*/, '$1STOP'))).toContain(
      '#stop does not show **STOP** in bold',
    );
  });

  it("stops a deletion page without what Play's rule asks: the email to ask without the app, the days, the data", async () => {
    const days = await failuresOf('delete-account', (t) =>
      t.replace(/(\{ #what-is-deleted \}\n\n[^]*?)\{\{accountDeletionDays\}\}/, '$1thirty'),
    );
    expect(days).toContain(`#what-is-deleted does not quote {{accountDeletionDays}} ("${config.accountDeletionDays}")`);
    const email = await failuresOf('delete-account', (t) =>
      t.replace(/(\{ #without-the-app \}\n\n)[^]*?\n\n/, '$1Write to us and we will help.\n\n'),
    );
    expect(email).toContain(`#without-the-app does not quote {{contactEmail}} ("${config.contactEmail}")`);
    const kept = await failuresOf('delete-account', (t) => t.replace('{{practices.keptLonger}}', 'A few records.'));
    expect(kept).toContain('#what-is-kept does not quote {{practices.keptLonger}}');
    // A prefilled subject is the contact address still; another address is not.
    const foreign = await failuresOf('delete-account', (t) =>
      t.replace(/mailto:\{\{contactEmail\}\}\?subject=/, 'mailto:privacy@else.example?subject='),
    );
    expect(foreign).toContain('a mail link goes to "mailto:privacy@else.example?subject=');
  });

  it('stops a privacy choices page that does not list the consents and how to withdraw them', async () => {
    expect(
      await failuresOf('privacy-choices', (t) => t.replace('{{practices.consentChoices}}', '- Ask us.')),
    ).toContain('#consents does not quote {{practices.consentChoices}}');
  });

  it('stops an unknown token, a config name typed by hand, a dead in-page link, a foreign mail link and a placeholder', async () => {
    const failures = await failuresOf('privacy', (t) =>
      t
        .replace(/(\{ #introduction \}\n\n[^]*?)\{\{productName\}\}/, '$1{{productNme}}')
        .replace(/(\{ #eu-uk-rights \}\n\n[^]*?)\{\{legalAddress\}\}/, `$1${config.legalAddress}`)
        .replace('(#your-choices)', '(#your-choice)')
        .concat('\n[Us](mailto:someone@else.example).\n\nTODO.\n'),
    );
    expect(failures.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}- unknown token \{\{productNme\}\}; expected one of \{\{productName\}\}/),
      `  - "${config.legalAddress}" is typed by hand; expected {{legalAddress}}, which the config fills`,
      '  - the link "#your-choice" points at no element',
      `  - a mail link goes to "mailto:someone@else.example"; expected "mailto:${config.contactEmail}" or "mailto:${config.copyrightAgentEmail}"`,
      '  - placeholder text "TODO"',
    ]);
  });
});

describe('content is text: raw HTML in the legal words stops the build, naming the file and the line', () => {
  it('in the Markdown, all but the markup the site itself renders (the glance box, the consent quotation)', async () => {
    const at = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
    const image = '<img src=x onerror="alert(1)">';
    const withImage = (t: string) => t.replace('## Contact { #contact }\n', `$&\nSee ${image} here.\n`);
    const line = at(withImage(readFileSync(`${legalDir}/guidelines.md`, 'utf8')), image);
    expect(await failuresOf('guidelines', withImage)).toContain(
      `line ${line}: raw HTML ${JSON.stringify(image)} (the element <img>); expected Markdown, or only the markup the site itself renders`,
    );
    expect(
      await failuresOf('guidelines', (t) => t.replace('## Contact { #contact }\n', '$&\n<script>x()</script>\n')),
    ).toContain('raw HTML "<script>" (the element <script>)');
    // The site's own elements, with an attribute it never writes, or a link to a script.
    expect(
      await failuresOf('privacy', (t) => t.replace('<p id="at-a-glance">', '<p id="at-a-glance" onclick="x()">')),
    ).toContain('(the attribute onclick on <p>)');
    expect(
      await failuresOf('guidelines', (t) =>
        t.replace('## Contact { #contact }\n', '$&\n<a href="javascript:x()">Hi</a>\n'),
      ),
    ).toContain('(the link "javascript:x()": a token, #, /, https:// or mailto: address is expected)');
  });

  it('in the data file and the wording file, naming the field', () => {
    const data = readFileSync(`${legalDir}/data-practices.yaml`, 'utf8').replace(
      'label: Search history',
      'label: Search <script>history</script>',
    );
    expect(() => parseDataPractices(data, 'fixture.yaml')).toThrow(
      /fixture\.yaml, line \d+, data\.\d+\.label: raw HTML "<script>" \(the element <script>\)/,
    );
    const wording = readFileSync(`${legalDir}/wording.yaml`, 'utf8').replace(
      'ratesMayApply: Message',
      'ratesMayApply: <b>Message</b>',
    );
    const line = wording.split('\n').findIndex((each) => each.startsWith('ratesMayApply')) + 1;
    expect(() => legalWording(config, legalPages(config.features), 'en', wording)).toThrow(
      `src/content/legal/wording.yaml, line ${line}, ratesMayApply: raw HTML "<b>" (the element <b>)`,
    );
  });
});

describe("the Terms of Use follow the config's parental consent", () => {
  it('say a parent accepts the terms for a teen only where the app asks one', async () => {
    const { parentalAcceptanceInApp, parentalAcceptanceNotAsked } = legalWording(config);
    for (const [mode, said, unsaid] of [
      ['in-app', parentalAcceptanceInApp, parentalAcceptanceNotAsked],
      ['not-asked', parentalAcceptanceNotAsked, parentalAcceptanceInApp],
    ] as const) {
      // An app with teens, whatever the owner's (features.teens).
      const shared = legalShared({ ...config, features: { ...config.features, teens: true }, parentalConsent: mode });
      const html = (await legalText('terms-of-use', undefined, shared)).html.replace(/\s+/g, ' ');
      expect(html, mode).toContain(said!.replace(/\s+/g, ' '));
      expect(html, mode).not.toContain(unsaid!.replace(/\s+/g, ' '));
    }
  });
});

describe('reading limits', () => {
  it('count a sentence whole through the abbreviations that end none, and split the rest', () => {
    const counted = (text: string) =>
      reading(`<p>${text}</p>`)
        .sentences.filter((each) => each.words)
        .map((each) => each.words);
    expect(counted('Example, Inc. (“Example”) sells. Next one.')).toEqual([4, 2]);
    expect(counted('Vivimos en EE. UU. (en Texas) y aquí. ¿Y tú? Sí.')).toEqual([8, 2, 1]);
    expect(counted('Write to Example LLC. We answer, e.g. Monday. Then U.S. law applies.')).toEqual([8, 4]);
    // Without an abbreviation, a bracket or a capital after a full stop starts a sentence.
    expect(counted('We sell. (We ship.) Done.')).toEqual([2, 2, 1]);
  });

  it('count a name the config fills as one word', () => {
    // The config's names, each field empty but `productName`.
    const named = (productName: string) =>
      filledNames({ ...Object.fromEntries(nameFields.map((field) => [field, ''])), productName } as never);
    /** A sentence of `own` words, the name among them, and its possessive too. */
    const sentence = (name: string, own: number) =>
      `<p>${name}’s plan: ${Array.from({ length: own - 3 }, (_, at) => `word${at}`).join(' ')} ${name}.</p>`;
    const counted = (html: string, names: string[]) => reading(html, names).sentences[0]!.words;
    const short = 'Acme';
    const long = 'Acme Widgets Public Benefit Corporation';
    // At the limit with a one-word name: within it.
    expect(counted(sentence(short, 35), named(short))).toBe(35);
    expect(longSentences(sentence(short, 35), '', named(short))).toEqual([]);
    // The same sentence with a five-word name, twice: 43 words as typed, 35 as read.
    expect(counted(sentence(long, 35), [])).toBe(43);
    expect(longSentences(sentence(long, 35), '', named(long))).toEqual([]);
    // Typed with a straight quote, printed with a curly one by smart punctuation.
    expect(counted(sentence('Joe’s Diner Company', 35), named("Joe's Diner Company"))).toBe(35);
    // Over the limit by its own words: still too long, and counted as read.
    expect(longSentences(sentence(long, 36), '', named(long)).map(({ words }) => words)).toEqual([36]);
    // A name is a whole word: the same words inside a longer one count each.
    expect(counted('<p>Acme Widgetsmith Public Benefit Corporations.</p>', named(long))).toBe(5);
  });

  it('count a name the config fills as one word on a legal page, so a longer name keeps it within the limit', async () => {
    const source = readFileSync(`${legalDir}/terms.md`, 'utf8');
    const filler = (words: number) => Array.from({ length: words }, (_, at) => `word${at}`).join(' ');
    /** The page's failures with a paragraph of `own` words added, the product's name among them. */
    const failures = (productName: string, own: number) =>
      legalText(
        'terms',
        `${source}\n{{productName}} ${filler(own - 1)}.\n`,
        legalShared({ ...config, productName }),
      ).then(
        () => '',
        (error: Error) => error.message,
      );
    const long = 'Acme Widgets Public Benefit Corporation';
    expect(await failures('Acme', 35)).toBe('');
    expect(await failures(long, 35)).toBe('');
    expect(await failures(long, 36)).toContain(`a sentence of 36 words: "${long} word0`);
  });

  it('stops a sentence over 35 words on any page, and a privacy policy over 2,500 words', async () => {
    const long = `${'Every word here counts '.repeat(9)}too.`;
    expect(await failuresOf('guidelines', (t) => t.replace('## Contact { #contact }\n', `$&\n${long}\n`))).toContain(
      `a sentence of 37 words: "${long}"; expected at most 35`,
    );
    // A company's "Inc." (and "LLC", "EE. UU.", "e.g.") ends no sentence, though a bracket or a capital follows it.
    const company = `Our partner Example Widgets, Inc. ("Widgets") and Other Example, LLC (the "Others") may, e.g. for a
refund, write to you from the EE. UU. about ${'each order you place '.repeat(4)}with them.`;
    const words = company.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
    expect(words).toBeGreaterThan(35);
    expect(await failuresOf('guidelines', (t) => t.replace('## Contact { #contact }\n', `$&\n${company}\n`))).toContain(
      `a sentence of ${words} words: "Our partner Example Widgets, Inc.`,
    );
    // 2,500 words added: over the limit, however short the owner's policy is.
    const padding = Array.from({ length: 100 }, () => `${'More words to read. '.repeat(5)}\n`).join('\n');
    expect(await failuresOf('privacy', (t) => t.replace('## Questions { #contact }\n', `$&\n${padding}\n`))).toMatch(
      /\n {2}- \d+ words in the summary and the article; expected at most 2500/,
    );
  });
});

describe("the owner's confirmations", () => {
  const file = 'src/content/legal/owner-confirmations.yaml';
  /** An item of the file, not confirmed, with `more` fields (a condition). */
  const item = (id: string, more = '') => `- id: ${id}\n  confirm: It is so.\n  confirmed: false\n${more}`;
  const line = (id: string) => `${id}, to confirm: It is so.  (then record who and when in ${file})`;
  const off = { features: config.features, languages: ['en'], sentryDsn: '' };

  it('lists each item not confirmed, and none confirmed by someone on a date', () => {
    expect(unconfirmed(off, item('x'))).toEqual([line('x')]);
    const confirmed = '- id: x\n  confirm: It is so.\n  confirmed: { by: Jane Doe, date: 2027-01-04 }\n';
    expect(unconfirmed(off, confirmed)).toEqual([]);
    expect(unconfirmed(off, confirmed.replace('{ by: Jane Doe, date: 2027-01-04 }', 'yes'))[0]).toContain(
      `${file} is invalid:\n  - x (item 1): confirmed is "yes"; expected false, or who confirmed it and when`,
    );
  });

  it('reads the file as it is, each item valid', () => {
    expect(() => ownerConfirmations({ ...off, languages: config.languages })).not.toThrow();
  });

  it('leaves out an item about a feature the app lacks', () => {
    const places = item('y', '  feature: places\n');
    expect(unconfirmed({ ...off, features: { ...config.features, places: true } }, places)).toEqual([line('y')]);
    expect(unconfirmed({ ...off, features: { ...config.features, places: false } }, places)).toEqual([]);
  });

  it('leaves out an item about a language the site does not publish, and lists it once published', () => {
    const spanish = item('z', '  language: es\n');
    expect(unconfirmed({ ...off, languages: ['en'] }, spanish)).toEqual([]);
    expect(unconfirmed({ ...off, languages: ['en', 'es'] }, spanish)).toEqual([line('z')]);
    expect(unconfirmed({ ...off, languages: ['en', 'fr'] }, spanish)).toEqual([]);
  });

  it('lists an item about monitoring only while sentryDsn is set, and one about its absence only while it is empty', () => {
    const items = item('on', '  monitoring: true\n') + item('off', '  monitoring: false\n') + item('always');
    expect(unconfirmed(off, items)).toEqual([line('off'), line('always')]);
    const dsn = 'https://publickey@o0.ingest.sentry.io/0';
    expect(unconfirmed({ ...off, sentryDsn: dsn }, items)).toEqual([line('on'), line('always')]);
  });

  it('lists an item only while every condition it names holds', () => {
    const both = item('both', '  feature: places\n  language: es\n');
    const having = (places: boolean, languages: string[]) => ({
      ...off,
      features: { ...config.features, places },
      languages,
    });
    expect(unconfirmed(having(true, ['en', 'es']), both)).toEqual([line('both')]);
    expect(unconfirmed(having(false, ['en', 'es']), both)).toEqual([]);
    expect(unconfirmed(having(true, ['en']), both)).toEqual([]);
  });

  it('names the item, the field, the value and the form expected of a bad condition', () => {
    const [message] = unconfirmed(
      off,
      item('a', '  monitoring: yes\n') + item('b', '  language: sp\n') + item('c', '  langauge: es\n'),
    );
    expect(message).toContain(`${file} is invalid:\n`);
    expect(message).toContain(
      '  - a (item 1): monitoring is "yes"; expected true (listed only while sentryDsn is set: monitoring on) or false (listed only while it is empty)',
    );
    expect(message).toContain('  - b (item 2): language is "sp"; expected a language code, like es');
    expect(message).toContain(
      '  - c (item 3): langauge is no field of an item; expected id, confirm, confirmed, feature, language, monitoring',
    );
    expect(unconfirmed(off, item('d', '  feature: payments\n'))[0]).toContain(
      '  - d (item 1): feature is "payments"; expected one of places, ai, teens, dietary, posts',
    );
  });
});

describe('data blocks', () => {
  it('stops a data block that no page places, naming it', () => {
    const sources = legalSources(config.features);
    expect(() => legalShared(loadConfig(), sources)).not.toThrow();
    const privacy = sources.find(({ kind }) => kind === 'privacy')!;
    const withoutGlance = { ...privacy, body: privacy.body.replace('{{practices.glance}}', '') };
    expect(() =>
      legalShared(
        loadConfig(),
        sources.map((each) => (each === privacy ? withoutGlance : each)),
      ),
    ).toThrow(
      'packages/legal/src/practices/policyBlocks.ts: {{practices.glance}} is placed by no page of src/content/legal/',
    );
  });
});

describe('literals stay literal', () => {
  const host = 'deploy-preview-1--xn--bcher-kva.example';

  it("shows an xn-- site address exactly in the SMS terms' code line", async () => {
    const shared = legalShared(loadConfig());
    const tokens = { ...shared.tokens, siteHost: host };
    const { html } = await legalText('terms', readFileSync(`${legalDir}/terms.md`, 'utf8'), { ...shared, tokens });
    expect(html).toContain(`@${host} #482913`);
  });

  it('stops a host the renderer changed', () => {
    const entry = { template: 'Codes for {{siteHost}}.', filled: '', headings: [] };
    const html = `<p>Codes for ${host.replace('--', '–')}.</p>`;
    expect(checkLegalEntry('a-page', { ...entry, html }, { siteHost: host })).toEqual([
      `{{siteHost}} ("${host}") is not shown as written; expected it exactly, no dash or quote changed`,
    ]);
    expect(checkLegalEntry('a-page', { ...entry, html: `<p>Codes for ${host}.</p>` }, { siteHost: host })).toEqual([]);
  });
});

describe('the data-practices file', () => {
  const file = `${legalDir}/data-practices.yaml`;
  const text = readFileSync(file, 'utf8');
  const errorOf = (edited: string) => {
    try {
      if (edited === text) throw new Error('the edit changed nothing: the test is stale');
      parseDataPractices(edited, file);
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it('names the entry, the field, the value and the expected form of a bad entry', () => {
    expect(errorOf(text.replace('recipients: [hosting, sms]', 'recipients: [hosting, smss]'))).toContain(
      'data entry "phone", field recipients.1 is "smss"; expected one of the recipients keys: hosting, sms,',
    );
    expect(errorOf(text.replace('appStore: [NAME]', 'appStore: [FULL_NAME]'))).toContain(
      'data entry "name", field appStore.0 is "FULL_NAME"; expected App Store Connect data types',
    );
    // The first entry of the file, whichever the owner keeps, without its California category.
    const [entry, id] = /\n {2}- id: ([\w-]+)\n(?: {4}.*\n)*? {4}ccpa: .*\n/.exec(text)!;
    expect(errorOf(text.replace(entry, entry.replace(/ {4}ccpa: .*\n/, '')))).toContain(
      `data entry "${id}", field ccpa is missing; expected one of California's category names`,
    );
    expect(errorOf(text.replace('  - id: age\n', '  - id: name\n'))).toContain(
      'field id is "name"; expected an id no other entry has',
    );
  });

  it('stops a promise the data contradicts: a kind kept after deletion without a reason, kept while "ephemeral", or a consent outliving its feature', () => {
    const noReason = text.replace(/(\n {2}security-logs:\n(?: {4}.*\n)*?) {4}reason: .*\n/, '$1');
    expect(errorOf(noReason)).toContain(
      'data entry "security-logs", field retention is "security-logs"; expected a retention rule with a reason (retention.security-logs.reason)',
    );
    // Data of no feature that asks a consent only a feature brings: the consent would vanish with the switch.
    const featureless = text.replace(/(\n {4}feature: dietary\n)((?: {4}.*\n)*? {4}consent: dietary\n)/, '\n$2');
    expect(errorOf(featureless)).toContain(
      'data entry "dietary-restrictions", field consent is "dietary"; expected a consent this entry\'s feature brings: consents.dietary is of feature dietary',
    );
    const ephemeral = text.replace(/retention: with-places-provider/, 'retention: not-stored');
    expect(errorOf(ephemeral)).toContain(
      'data entry "precise-location", field recipients.0 is "places"; expected a recipient that keeps nothing: retention "not-stored" is ephemeral',
    );
  });
});

describe('figures and files the pages quote', () => {
  it('prints a replay rate as the percentage it is', () => {
    expect([percent(0.004), percent(0.1), percent(0.07), percent(1)]).toEqual(['0.4', '10', '7', '100']);
  });

  it("reads a configured consent screenshot's size, and names the field when the file is missing or broken", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'consent-'));
    try {
      await sharp({ create: { width: 39, height: 84, channels: 3, background: '#fff' } })
        .png()
        .toFile(join(dir, 'shot.png'));
      const publicDir = pathToFileURL(`${dir}/`);
      expect(await consentScreenshotOf('/shot.png', publicDir)).toEqual({ src: '/shot.png', width: 39, height: 84 });
      expect(await consentScreenshotOf('', publicDir)).toBeUndefined();
      writeFileSync(join(dir, 'broken.png'), 'not an image');
      await expect(consentScreenshotOf('/broken.png', publicDir)).rejects.toThrow(
        'smsConsentScreenshot (site.config.ts) is "/broken.png"',
      );
      await expect(consentScreenshotOf('/missing.png', publicDir)).rejects.toThrow(`${dir}/missing.png does not exist`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes security.txt and gpc.json, and lists a page last updated more than 12 months ago', () => {
    expect(securityTxt({ contactEmail: 'a@b.example', siteUrl: 'https://b.example' }, new Date('2026-11-24T08:00:00Z')))
      .toBe(`Contact: mailto:a@b.example
Expires: 2027-11-24T08:00:00Z
Canonical: https://b.example/.well-known/security.txt
Preferred-Languages: en
`);
    expect(gpcJson('2026-11-24')).toEqual({ gpc: true, lastUpdate: '2026-11-24' });
    const approval = (date: string, reviews?: string) => ({
      version: date,
      date,
      approvedBy: 'A',
      note: 'First version',
      sha256: '0'.repeat(64),
      ...(reviews ? { reviews: [{ date: reviews, by: 'B', note: 'Yearly review', sha256: '0'.repeat(64) }] } : {}),
    });
    const approvals = { terms: [approval('2025-11-23')], privacy: [approval('2025-01-01', '2025-11-24')] };
    expect(stalePages(new Date('2026-11-24T12:00:00Z'), config.features, approvals)).toEqual([
      expect.stringMatching(/^terms: last updated 2025-11-23, more than 12 months ago/),
    ]);
  });
});
