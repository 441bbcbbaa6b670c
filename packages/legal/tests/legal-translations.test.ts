/**
 * Translated legal pages (docs/legal-pages.md, "Translations"): the data file's words in each language, a missing one
 * named; the same structural and reading checks as the English; and a translation that never goes stale silently.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../../src/config/index.ts';
import { describe, expect, it } from 'vitest';
import { localizePractices, type DataForms } from '../src/practices/localize.ts';
import { parseDataPractices } from '../src/practices/practices.ts';
import { dataPracticesPath } from '../src/practices/read.node.ts';
import { translationFile, translationSources } from '../src/addresses/pages.node.ts';
import { legalShared, legalText } from '../src/render/text.node.ts';
import type { Approval } from '../src/record/approvals.node.ts';
import {
  publishesStale,
  readTranslationSettings,
  staleReport,
  translationState,
} from '../src/translations/translations.node.ts';
import { computes } from '../../../tests/support/timeouts.ts';

const shipped = readFileSync(dataPracticesPath, 'utf8');

describe("the data file's words in another language", () => {
  const practices = parseDataPractices(shipped, dataPracticesPath);
  /** Every word of the file in a made-up language `xx`: its English in capitals, by entry id. */
  const forms = (): DataForms => {
    const upper = (item: object) =>
      Object.fromEntries(
        Object.entries(item).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v.toUpperCase()]] : [])),
      );
    const each = (record: Record<string, object>) =>
      Object.fromEntries(Object.entries(record).map(([id, item]) => [id, upper(item)]));
    const { purposes, never, recipients, consents, retention, data } = practices;
    return {
      ...{ purposes: each(purposes), never: each(never), recipients: each(recipients), consents: each(consents) },
      ...{ retention: each(retention), data: each(Object.fromEntries(data.map((entry) => [entry.id, entry]))) },
    };
  };

  it('replace the English on its page, every fact kept', () => {
    const translated = localizePractices(practices, 'xx', forms(), 'xx.yaml');
    const [first] = practices.data;
    expect(translated.data[0]!.label).toBe(first!.label.toUpperCase());
    expect(translated.data.map(({ id, retention, recipients }) => [id, retention, recipients])).toEqual(
      practices.data.map(({ id, retention, recipients }) => [id, retention, recipients]),
    );
    expect(localizePractices(practices, 'en', {}, 'en.yaml')).toBe(practices);
  });

  it('stop, naming the entry and the field, when a form is missing', () => {
    const missing = forms();
    const entry = practices.data[0]!;
    delete missing.data![entry.id]!.label;
    const [purpose, words] = Object.entries(practices.purposes)[0]!;
    delete missing.purposes![purpose]!.short;
    expect(() => localizePractices(practices, 'xx', missing, 'xx.yaml')).toThrow(
      `data.${entry.id}.label is missing; expected the xx form of "${entry.label}"`,
    );
    expect(() => localizePractices(practices, 'xx', missing, 'xx.yaml')).toThrow(
      `purposes.${purpose}.short is missing; expected the xx form of "${words.short}"`,
    );
  });
});

/** The published translations that have legal pages: each is held to the English page's rules. */
const translated = loadConfig()
  .languages.filter((locale) => locale !== 'en')
  .filter((locale) => translationSources(locale).length);

describe.each(translated)('a legal page in %s', computes, (locale) => {
  const sources = translationSources(locale);
  /** The check's failures for the translation with `edit` applied; '' when it passes. */
  const failuresOf = async (kind: string, edit?: (text: string) => string) => {
    const source = readFileSync(translationFile(kind, locale), 'utf8');
    const edited = edit?.(source) ?? source;
    if (edit && edited === source) throw new Error('the edit changed nothing: the test is stale');
    return legalText(kind, edited, legalShared(loadConfig(), sources, locale)).then(
      () => '',
      (error: Error) => error.message,
    );
  };

  it('passes as shipped, every section of the English page in place', async () => {
    expect(sources.length).toBeGreaterThan(0);
    for (const { kind } of sources) expect(await failuresOf(kind)).toBe('');
  });

  it('is held to the same rules: sections, sentence length, placeholders in capitals', async () => {
    const [{ kind, body }] = sources as [(typeof sources)[number]];
    const firstSection = /^## .*\{ #([\w-]+) \}$/m.exec(body)!;
    expect(await failuresOf(kind, (t) => t.replace(firstSection[0], '## Otra cosa { #otra-cosa }'))).toMatch(
      /the sections are \[otra-cosa, .*\]; expected exactly/,
    );
    const long = `${'palabra '.repeat(40).trim()}.`;
    expect(await failuresOf(kind, (t) => `${t}\n${long}\n`)).toContain('a sentence of 40 words');
    expect(await failuresOf(kind, (t) => `${t}\nTODO.\n`)).toContain('placeholder text "TODO"');
    // Only in capitals: "todo" is a Spanish word ("all").
    expect(await failuresOf(kind, (t) => `${t}\nY eso es todo.\n`)).toBe('');
  });
});

describe('a translation against its English record', () => {
  // English versions: one in effect since November, one approved in December to take effect in January.
  const approval = (version: string, takesEffect?: string) =>
    ({
      version,
      date: version,
      approvedBy: 'A',
      note: 'N',
      sha256: '0',
      ...(takesEffect && { takesEffect }),
    }) as Approval;
  const english = [approval('2026-11-27'), approval('2026-12-01', '2027-01-05')];
  const page = { kind: 'privacy', locale: 'es', file: 'src/content/i18n/es/legal/privacy.md' };
  const on = (day: string, translates: string) => translationState(english, { ...page, translates }, day);

  it('follows an English change approved for later by the day it takes effect, stale from that day only', () => {
    const before = on('2026-12-10', 'privacy@2026-11-27');
    expect(before).toMatchObject({ englishInEffect: 'privacy@2026-11-27', stale: false });
    expect(before.toFollow).toEqual([{ id: 'privacy@2026-12-01', takesEffect: '2027-01-05' }]);
    const due = on('2027-01-05', 'privacy@2026-11-27');
    expect(due).toMatchObject({ englishInEffect: 'privacy@2026-12-01', stale: true, toFollow: [] });
  });

  it('has nothing to follow once it translates the change, even before the change takes effect', () => {
    expect(on('2026-12-10', 'privacy@2026-12-01')).toMatchObject({ stale: false, toFollow: [] });
    expect(on('2027-02-01', 'privacy@2026-12-01')).toMatchObject({ stale: false, toFollow: [] });
  });

  const state = { ...on('2027-01-05', 'privacy@2026-11-27') };

  it('stops the build naming the file, both English versions and the command to fix it', () => {
    const report = staleReport([state]);
    expect(report).toContain(
      'src/content/i18n/es/legal/privacy.md (privacy.es) translates privacy@2026-11-27, but the English version in effect is now privacy@2026-12-01.',
    );
    expect(report).toContain('npm run legal:approve -- privacy --locale es --by "<your name>"');
    expect(report).toContain('es: { privacy: { publishStale: true } } in src/content/legal/translations.yaml');
  });

  it('is published, with a notice, only where the owner chose so for that page', () => {
    const settings = readTranslationSettings('es:\n  privacy:\n    publishStale: true\n');
    expect(publishesStale(settings, state)).toBe(true);
    expect(publishesStale(settings, { ...state, kind: 'health-data' })).toBe(false);
    expect(publishesStale(readTranslationSettings('es: {}\n'), state)).toBe(false);
    expect(() => readTranslationSettings('es:\n  privacy:\n    publishStale: sometimes\n')).toThrow(
      'src/content/legal/translations.yaml is invalid',
    );
  });
});
