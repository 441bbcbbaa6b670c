/**
 * Translated legal pages never go stale silently (docs/legal-pages.md, "Translations"). Each approved translation
 * records the English version it translates (`translates` in approvals.yaml); once the English page has a newer
 * approved version, a production build stops, naming the translation, unless the owner chose in translations.yaml to
 * keep publishing it meanwhile, with a notice on the page that it translates an earlier English version and a link to
 * the English in effect.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { legalDir, LegalTextError } from './pages.node.ts';
import { approveArgs, recordKey } from './pages.ts';

export const translationsFile = `${legalDir}/translations.yaml`;

const settingsSchema = z.partialRecord(
  z.string(),
  z.record(
    z.string(),
    z.strictObject({
      /** Keep publishing the translation, with a notice, while the English page has a newer approved version. */
      publishStale: z.boolean('true or false'),
    }),
  ),
);
export type TranslationSettings = z.infer<typeof settingsSchema>;

/** translations.yaml, validated; no file is no choice made: every stale translation stops the build. */
export function readTranslationSettings(text?: string): TranslationSettings {
  if (text === undefined && !existsSync(translationsFile)) return {};
  const result = settingsSchema.safeParse(parse(text ?? readFileSync(translationsFile, 'utf8')) ?? {});
  if (!result.success) throw new LegalTextError(`${translationsFile} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** A translation as the build sees it: its file, the English version it translates and the English one approved now. */
export interface TranslationState {
  kind: string;
  locale: string;
  /** Its Markdown file, like src/content/i18n/es/legal/privacy.md. */
  file: string;
  /** The English version its latest approval translates, like privacy@2026-11-27. */
  translates: string | undefined;
  /** The English page's latest approved version, like privacy@2027-01-10. */
  englishLatest: string | undefined;
}

/** Whether the translation translates an English version older than the one approved now. */
export const isStale = ({ translates, englishLatest }: TranslationState) =>
  translates !== undefined && englishLatest !== undefined && translates !== englishLatest;

/** Whether the owner chose to keep publishing this translation, with a notice, while it is stale. */
export const publishesStale = (
  settings: TranslationSettings,
  { kind, locale }: Pick<TranslationState, 'kind' | 'locale'>,
) => settings[locale as keyof TranslationSettings]?.[kind]?.publishStale === true;

/**
 * The production build's message for stale translations the owner has not chosen to publish: each file, the English
 * version it translates, the English version approved now, and the two ways out.
 */
export function staleReport(stale: TranslationState[]): string {
  const lines = stale.flatMap((state) => {
    const key = recordKey(state.kind, state.locale);
    return [
      `${state.file} (${key}) translates ${state.translates}, but the English page's approved version is now ${state.englishLatest}.`,
      `  Translate the change, then approve the translation:`,
      `    npm run legal:approve -- ${approveArgs(key)} --by "<your name>" --note "<what changed, for readers>"`,
      `  or keep publishing it meanwhile, with a notice that it translates an earlier English version, by setting`,
      `  ${state.locale}: { ${state.kind}: { publishStale: true } } in ${translationsFile}.`,
      '',
    ];
  });
  return [
    'Legal translation out of date: a translation never publishes stale without notice (docs/legal-pages.md, "Translations").',
    '',
    ...lines,
  ].join('\n');
}
