/**
 * What makes a folder a language, and what the build says when one is turned off: a folder of src/content/i18n/
 * without its words.yaml is no language (the config names it, with the file it lacks, if `languages` lists it), and
 * each approved legal version in a language left out of `languages` is named, with the file the record keeps it in.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { availableLocales, foldersWithoutWords, noWordsExpected } from '../../src/config/languages.ts';
import { LanguageError, languageOf, wordsFile } from '../../src/lib/languages.node.ts';
import { type Approval, type Approvals, offSiteReport, versionsOffSite } from 'legal-record';

const dir = mkdtempSync(join(tmpdir(), 'languages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
for (const code of ['en', 'fr']) {
  mkdirSync(join(dir, code, 'support'), { recursive: true });
  writeFileSync(join(dir, code, 'words.yaml'), 'language: {}\n');
}
// A folder emptied but not removed, and one with its answers but no words.
mkdirSync(join(dir, 'xx'));
mkdirSync(join(dir, 'yy', 'legal'), { recursive: true });

describe('a language folder', () => {
  it('is a language only with its words.yaml', () => {
    expect(availableLocales(dir)).toEqual(['en', 'fr']);
  });

  it('without words.yaml is named, with the file it lacks, when languages lists it', () => {
    expect(foldersWithoutWords(['en', 'fr', 'xx', 'yy', 'zz'], dir)).toEqual(['xx', 'yy']);
    const said = noWordsExpected('xx', dir);
    expect(said).toContain(`${dir}/xx/words.yaml`);
    expect(said).toContain(`${dir}/xx/ has no words.yaml`);
    expect(said).toContain(`every key of ${dir}/en/words.yaml`);
    expect(said).toContain('"xx" left out of languages');
  });

  it("stops on a language's missing words file with one message naming it", () => {
    const code = 'zz-no-such-language';
    expect(() => languageOf(code)).toThrow(LanguageError);
    expect(() => languageOf(code)).toThrow(`${wordsFile(code)} is missing`);
    try {
      languageOf(code);
    } catch (error) {
      expect((error as Error).stack).toBe('');
    }
  });
});

describe('a language turned off', () => {
  const approval = (version: string) => ({ version }) as Approval;
  const approvals: Approvals = {
    privacy: [approval('2026-01-01')],
    'privacy.fr': [approval('2026-01-02'), approval('2026-02-01')],
    'terms.fr': [approval('2026-01-03')],
    'privacy.de': [approval('2026-01-04')],
  };

  it('names each approved version in it that leaves the site, and where the record keeps it', () => {
    const report = offSiteReport(versionsOffSite(approvals, ['en', 'de']))!;
    for (const [key, version] of [
      ['privacy.fr', '2026-01-02'],
      ['privacy.fr', '2026-02-01'],
      ['terms.fr', '2026-01-03'],
    ])
      expect(report).toContain(`${key}@${version}: src/content/legal/versions/${key}/${version}.html`);
    expect(report).toContain('src/content/legal/approvals.yaml');
    expect(report).toMatch(/^fr is not in languages \(site\.config\.ts\): 3 approved legal versions leave the site/);
    expect(report).not.toContain('privacy.de');
    expect(report).not.toContain('privacy@');
  });

  it('says nothing while every language of the record is published', () => {
    expect(offSiteReport(versionsOffSite(approvals, ['en', 'fr', 'de']))).toBeUndefined();
  });
});
