/**
 * Translated legal pages never go stale silently (docs/legal-pages.md, "Translations"). Each approved translation
 * records the English version it translates (`translates` in approvals.yaml); once the English page has a newer
 * approved version, a production build stops, naming the translation, unless the owner chose in translations.yaml to
 * keep publishing it meanwhile, with a notice on the page that it translates an earlier English version and a link to
 * the English in effect.
 */
import { existsSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { legalDir, LegalTextError, translationSources } from '../addresses/pages.node.ts';
import { effectiveOf, type Approval, type Approvals } from '../record/approvals.node.ts';
import { approveArgs, recordKey, versionId } from '../addresses/pages.ts';
import { readText } from '../files.node.ts';
import { type SiteConfig } from '../host.ts';

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
  const result = settingsSchema.safeParse(parse(text ?? readText(translationsFile)) ?? {});
  if (!result.success) throw new LegalTextError(`${translationsFile} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** A translation as the build sees it on a day: its file, the English version it translates, and the English ones. */
export interface TranslationState {
  kind: string;
  locale: string;
  /** Its Markdown file, like src/content/i18n/es/legal/privacy.md. */
  file: string;
  /** The English version its latest approval translates, like privacy@2026-11-27. */
  translates: string | undefined;
  /** The English version in effect that day, like privacy@2027-01-10. */
  englishInEffect: string | undefined;
  /** Whether it translates an English version older than the one in effect. */
  stale: boolean;
  /** English versions approved to take effect later that it does not translate yet, oldest first, with their day. */
  toFollow: { id: string; takesEffect: string }[];
}

/**
 * Where a translation stands on `on` (YYYY-MM-DD) against its English page's record: a change approved for later is
 * one to follow by the day it takes effect, never a reason to stop the build before that day.
 */
export function translationState(
  english: Approval[],
  { kind, locale, file, translates }: Pick<TranslationState, 'kind' | 'locale' | 'file' | 'translates'>,
  on: string,
): TranslationState {
  const ids = english.map(({ version }) => versionId(kind, version));
  const inEffect = english.findLastIndex((approval) => effectiveOf(approval) <= on);
  // The English record is in order: a translation of a later version is ahead of the one in effect, never stale.
  const translated = translates === undefined ? -1 : ids.indexOf(translates);
  const done = Math.max(inEffect, translated);
  return {
    kind,
    locale,
    file,
    translates,
    englishInEffect: ids[inEffect] ?? ids[0],
    stale: translates !== undefined && translated < inEffect,
    toFollow: english.slice(done + 1).map((approval, index) => ({
      id: ids[done + 1 + index]!,
      takesEffect: effectiveOf(approval),
    })),
  };
}

/**
 * What the owner must do, from the day an English change is approved for later, for each translation published in
 * `languages` and of a page `features` publish (of the page `kind` only, when given): one line per English version it
 * must follow, saying by when.
 */
export function translationsToFollow(
  { languages, features }: Pick<SiteConfig, 'languages' | 'features'>,
  approvals: Approvals,
  on: string,
  kind?: string,
): string[] {
  return languages
    .filter((locale) => locale !== 'en')
    .flatMap((locale) =>
      translationSources(locale, features)
        .filter((source) => kind === undefined || source.kind === kind)
        .flatMap(({ kind, file }) => {
          const key = recordKey(kind, locale);
          const translates = approvals[key]?.at(-1)?.translates;
          const { toFollow } = translationState(approvals[kind] ?? [], { kind, locale, file, translates }, on);
          return toFollow.map(
            ({ id, takesEffect }) =>
              `${key} (${file}): translate ${id} and approve the translation by ${takesEffect}, the day it takes effect (until then the page announces it in its language)  (npm run legal:approve -- ${approveArgs(key)} --by "<your name>" --note "<what changed, for readers>")`,
          );
        }),
    );
}

/** Whether the owner chose to keep publishing this translation, with a notice, while it is stale. */
export const publishesStale = (
  settings: TranslationSettings,
  { kind, locale }: Pick<TranslationState, 'kind' | 'locale'>,
) => settings[locale as keyof TranslationSettings]?.[kind]?.publishStale === true;

/**
 * The production build's message for stale translations the owner has not chosen to publish: each file, the English
 * version it translates, the English version in effect, and the two ways out.
 */
export function staleReport(stale: TranslationState[]): string {
  const lines = stale.flatMap((state) => {
    const key = recordKey(state.kind, state.locale);
    return [
      `${state.file} (${key}) translates ${state.translates}, but the English version in effect is now ${state.englishInEffect}.`,
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
