import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../src/lib/config.ts';
import { readBuiltLegalPages, type BuiltLegalPage } from '../../src/lib/legalCheckIntegration.ts';
import {
  assertLegalPages,
  checkLegalPage,
  LegalCheckError,
  type LegalExpectations,
  type LegalPageKind,
} from '../../src/lib/legalRules.ts';

const run = promisify(execFile);
const root = pathToFileURL(`${process.cwd()}/`);
let outDir: string;
let pages: Record<LegalPageKind, BuiltLegalPage>;

// Integration tier: the real pages, built once into a temporary folder: every broken document below is one of them with one change.
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'legal-build-'));
  await run('node_modules/.bin/astro', ['build', '--outDir', outDir], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const built = await readBuiltLegalPages(pathToFileURL(`${outDir}/`), root);
  pages = { privacy: built[0]!, terms: built[1]! };
}, 120_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The clauses that fail when `kind`'s page is changed by `edit` (and checked against `expected` overrides). */
function failedClauses(
  kind: LegalPageKind,
  edit: (html: string) => string,
  expected: (base: LegalExpectations) => LegalExpectations = (base) => base,
) {
  const page = pages[kind];
  return checkLegalPage(kind, edit(page.html), expected(page.expected)).map((failure) => failure.clause);
}
const same = (html: string) => html;

/** Replaces exactly one occurrence, so a test can never pass because its edit silently missed. */
function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  const count =
    typeof search === 'string' ? html.split(search).length - 1 : (html.match(new RegExp(search, 'g')) ?? []).length;
  if (count !== 1) throw new Error(`expected exactly one ${String(search)} in the page, found ${count}`);
  return html.replace(search, replacement);
}
const addParagraph = (html: string, sentence: string) =>
  replaceOnce(html, '<div class="legal-body">', `<div class="legal-body"><p>${sentence}</p>`);

describe('the built legal pages', () => {
  it.each(['privacy', 'terms'] as const)('the %s page passes every check', (kind) => {
    expect(checkLegalPage(kind, pages[kind].html, pages[kind].expected)).toEqual([]);
  });
});

describe('the compliance check catches a broken document', () => {
  it.each<[string, LegalPageKind, (html: string) => string, string]>([
    [
      'the carriers clause removed',
      'terms',
      (html) => replaceOnce(html, /Carriers are not liable for delayed or undelivered messages\./, ''),
      'carriers not liable',
    ],
    [
      'the account-deletion sub-section removed',
      'privacy',
      (html) => replaceOnce(html, /<h3 id="delete-account">[\s\S]*?(?=<h3)/, ''),
      'account deletion (#delete-account)',
    ],
    [
      'a "cannot opt out" sentence added',
      'terms',
      (html) => addParagraph(html, 'Authentication messages cannot be opted out of mid-flow.'),
      'STOP is always honoured',
    ],
    [
      'a "you may not opt out" sentence added to the privacy policy',
      'privacy',
      (html) => addParagraph(html, 'You may not opt out of verification texts.'),
      'STOP is always honoured',
    ],
    [
      'a marketing-sharing sentence added',
      'privacy',
      (html) => addParagraph(html, 'We may share your phone number with our partners for marketing purposes.'),
      'no sale or marketing sharing',
    ],
    [
      'a data-selling sentence added',
      'privacy',
      (html) => addParagraph(html, 'We sell aggregated user data to advertisers.'),
      'no sale or marketing sharing',
    ],
    [
      'the no-marketing-sharing sentence removed',
      'privacy',
      (html) =>
        replaceOnce(
          html,
          /Mobile information, text-message opt-in data and consent will not be shared[^.]*\.(?=[^<]*<\/p>\s*<h3 id="legal)/,
          '',
        ),
      'no sharing for marketing',
    ],
    [
      'a top-level heading id renamed',
      'privacy',
      (html) => replaceOnce(html, 'id="retention"', 'id="data-retention"'),
      'section "retention" (#retention)',
    ],
    [
      'a sub-section heading id renamed',
      'terms',
      (html) => replaceOnce(html, 'id="stop"', 'id="unsubscribe"'),
      'STOP to opt out (#stop)',
    ],
    [
      'two sections swapped',
      'terms',
      (html) =>
        replaceOnce(
          replaceOnce(replaceOnce(html, 'id="security"', 'id="swap"'), 'id="changes"', 'id="security"'),
          'id="swap"',
          'id="changes"',
        ),
      'section order',
    ],
    ['STOP not in bold', 'terms', (html) => html.replaceAll('<strong>STOP</strong>', 'STOP'), 'STOP in bold'],
    ['HELP not in bold', 'terms', (html) => html.replaceAll('<strong>HELP</strong>', 'HELP'), 'HELP in bold'],
    [
      'the rates sentence removed',
      'terms',
      (html) => html.replaceAll(/Message and data rates may apply\./g, ''),
      'message and data rates',
    ],
    [
      'START and UNSTOP removed',
      'terms',
      (html) => html.replaceAll(/START|UNSTOP/g, 'again'),
      're-subscribe with START or UNSTOP',
    ],
    [
      'the link to the Privacy Policy removed',
      'terms',
      (html) => html.replaceAll('href="/privacy"', 'href="/"'),
      'link to the Privacy Policy',
    ],
    ['the Do Not Track answer removed', 'privacy', (html) => html.replaceAll('Do Not Track', 'DNT'), 'Do Not Track'],
    ['a second h1', 'terms', (html) => addParagraph(html, '</p><h1>More terms</h1><p>'), 'exactly one h1'],
    ['the lang attribute removed', 'privacy', (html) => replaceOnce(html, '<html lang="en">', '<html>'), 'lang'],
    ['a repeated id', 'terms', (html) => addParagraph(html, '<span id="help">again</span>'), 'unique ids'],
    [
      'an in-page link to nowhere',
      'privacy',
      (html) => addParagraph(html, '<a href="#nowhere">see</a>'),
      'in-page links resolve',
    ],
    ['a leftover token', 'privacy', (html) => addParagraph(html, 'Email {{supportEmail}}.'), 'no placeholder text'],
    ['a TODO left in', 'terms', (html) => addParagraph(html, 'TODO: check with counsel.'), 'no placeholder text'],
    [
      'a mail link to another address',
      'privacy',
      (html) => addParagraph(html, '<a href="mailto:someone@else.example">someone@else.example</a>'),
      'contact email',
    ],
    [
      'a visible date that differs from its datetime',
      'terms',
      (html) => html.replace('>July 12, 2025</time>', '>July 21, 2025</time>'),
      'dates',
    ],
    [
      'a JSON-LD date that differs from the front matter',
      'privacy',
      (html) => replaceOnce(html, '"dateModified":"2024-12-16"', '"dateModified":"2025-01-01"'),
      'dates',
    ],
    [
      'a collected data kind left out',
      'privacy',
      (html) => html.replaceAll('student status', 'school'),
      'what is collected',
    ],
  ])('%s', (_name, kind, edit, clause) => {
    expect(edit(pages[kind].html)).not.toBe(pages[kind].html);
    expect(failedClauses(kind, edit)).toContain(clause);
  });

  it('catches a code limit that differs from the config', () => {
    const clauses = failedClauses('terms', same, (base) => ({
      ...base,
      config: { ...base.config, otpCodesPerHour: config.otpCodesPerHour + 1 },
    }));
    expect(clauses).toContain('message frequency');
  });

  it('catches a deletion period that differs from the config', () => {
    const clauses = failedClauses('privacy', same, (base) => ({
      ...base,
      config: { ...base.config, accountDeletionDays: config.accountDeletionDays + 1 },
    }));
    expect(clauses).toContain('deletion period');
  });

  it('catches front matter dates that differ from the page', () => {
    const clauses = failedClauses('privacy', same, (base) => ({
      ...base,
      frontMatter: { ...base.frontMatter, lastUpdated: '2025-02-30' },
    }));
    expect(clauses).toContain('dates');
  });
});

describe('the build step', () => {
  it('fails naming the page and the missing clause', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'legal-broken-'));
    try {
      await cp(outDir, broken, { recursive: true });
      const terms = join(broken, 'terms.html');
      await writeFile(terms, (await readFile(terms, 'utf8')).replace(/Carriers are not liable[^.]*\./, ''));
      const built = await readBuiltLegalPages(pathToFileURL(`${broken}/`), root);
      expect(() => assertLegalPages(built)).toThrow(LegalCheckError);
      expect(() => assertLegalPages(built)).toThrow(/terms page \(\/terms\): carriers not liable/);
      expect(() => assertLegalPages(built)).not.toThrow(/privacy page/);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
