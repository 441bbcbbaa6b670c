/**
 * Translated legal pages (docs/legal-pages.md, "Translations"): the data file's words in each language, a missing one
 * named; the same structural and reading checks as the English; and a translation that never goes stale silently.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { localizePractices } from '../../src/lib/dataPractices/localize.ts';
import { parseDataPractices } from '../../src/lib/dataPractices/practices.ts';
import { dataPracticesPath } from '../../src/lib/dataPractices/read.node.ts';
import { translationFile, translationSources } from '../../src/lib/legal/pages.node.ts';
import { legalShared, legalText } from '../../src/lib/legal/text.node.ts';
import {
  isStale,
  publishesStale,
  readTranslationSettings,
  staleReport,
  type TranslationState,
} from '../../src/lib/legal/translations.node.ts';
import { computes } from '../support/timeouts.ts';

const shipped = readFileSync(dataPracticesPath, 'utf8');

describe("the data file's words in Spanish", () => {
  it('replace the English on a Spanish page, every fact kept', () => {
    const practices = parseDataPractices(shipped, dataPracticesPath);
    const spanish = localizePractices(practices, 'es', dataPracticesPath);
    const [first] = practices.data;
    expect(spanish.data[0]!.label).toBe(first!.es!.label);
    expect(spanish.data[0]!.label).not.toBe(first!.label);
    expect(spanish.data.map(({ id, retention, recipients }) => [id, retention, recipients])).toEqual(
      practices.data.map(({ id, retention, recipients }) => [id, retention, recipients]),
    );
    expect(localizePractices(practices, 'en', dataPracticesPath)).toBe(practices);
  });

  it('stop, naming the entry and the field, when a Spanish form is missing', () => {
    const raw = parse(shipped) as {
      data: { id: string; label: string; es: Record<string, string> }[];
      purposes: Record<string, { short: string; es: Record<string, string> }>;
    };
    const entry = raw.data[0]!;
    delete entry.es.label;
    const [purpose, words] = Object.entries(raw.purposes)[0]!;
    delete words.es.short;
    const practices = parseDataPractices(stringify(raw), dataPracticesPath);
    expect(() => localizePractices(practices, 'es', dataPracticesPath)).toThrow(
      `data entry "${entry.id}", field es.label is missing; expected the es form of "${entry.label}"`,
    );
    expect(() => localizePractices(practices, 'es', dataPracticesPath)).toThrow(
      `purposes.${purpose}, field es.short is missing; expected the es form of "${words.short}"`,
    );
  });
});

describe('a Spanish legal page', computes, () => {
  const sources = translationSources('es');
  /** The check's failures for the translation with `edit` applied; '' when it passes. */
  const failuresOf = async (kind: string, edit?: (text: string) => string) => {
    const source = readFileSync(translationFile(kind, 'es'), 'utf8');
    const edited = edit?.(source) ?? source;
    if (edit && edited === source) throw new Error('the edit changed nothing: the test is stale');
    return legalText(kind, edited, legalShared(sources, 'es')).then(
      () => '',
      (error: Error) => error.message,
    );
  };

  it('passes as shipped, every section of the English page in place', async () => {
    expect(sources.length).toBeGreaterThan(0);
    for (const { kind } of sources) expect(await failuresOf(kind)).toBe('');
  });

  it('is held to the same rules: sections, sentence length, placeholders (but "todo" is a Spanish word)', async () => {
    const [{ kind, body }] = sources as [(typeof sources)[number]];
    const firstSection = /^## .*\{ #([\w-]+) \}$/m.exec(body)!;
    expect(await failuresOf(kind, (t) => t.replace(firstSection[0], '## Otra cosa { #otra-cosa }'))).toMatch(
      /the sections are \[otra-cosa, .*\]; expected exactly/,
    );
    const long = `${'palabra '.repeat(40).trim()}.`;
    expect(await failuresOf(kind, (t) => `${t}\n${long}\n`)).toContain('a sentence of 40 words');
    expect(await failuresOf(kind, (t) => `${t}\nTODO.\n`)).toContain('placeholder text "TODO"');
    expect(await failuresOf(kind, (t) => `${t}\nY eso es todo.\n`)).toBe('');
  });
});

describe('a stale translation', () => {
  const state: TranslationState = {
    kind: 'privacy',
    locale: 'es',
    file: 'src/content/legal/es/privacy.md',
    translates: 'privacy@2026-11-27',
    englishLatest: 'privacy@2027-01-05',
  };

  it('is one whose English page has a newer approved version than the one it translates', () => {
    expect(isStale(state)).toBe(true);
    expect(isStale({ ...state, englishLatest: state.translates })).toBe(false);
  });

  it('stops the build naming the file, both English versions and the command to fix it', () => {
    const report = staleReport([state]);
    expect(report).toContain(
      "src/content/legal/es/privacy.md (privacy.es) translates privacy@2026-11-27, but the English page's approved version is now privacy@2027-01-05.",
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
