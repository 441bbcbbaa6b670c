/**
 * Where each language's words live: one folder per language, src/content/i18n/<code>/ (docs/languages.md), holding
 * `words.yaml` (the pages' and the interface's words, and the language's own facts: its name, BCP-47 tag and Open
 * Graph locale), `support/` (the support answers), and for a translation `legal/` (its legal pages and their
 * wording) and `data-practices.yaml` (the data file's words in it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { i18nDir } from '../config/index.ts';
import { wordsFileName } from '../config/languages.ts';
import { defaultLocale, type Locale } from './i18n.ts';
import { languageSchema, type Language } from './words/schema.ts';

/** A language's folder is not as it must be: the message names the file and the form expected. */
export class LanguageError extends Error {
  override name = 'LanguageError';
  // The message is the whole story: no stack trace printed after it.
  override stack = '';
}

export const languageDir = (locale: Locale) => `${i18nDir}/${locale}`;
/** The file that makes a folder a language (src/config/languages.ts, availableLocales). */
export const wordsFile = (locale: Locale) => `${languageDir(locale)}/${wordsFileName}`;
export const supportDir = (locale: Locale) => `${languageDir(locale)}/support`;
/** A translation's legal pages and their wording; the English pages are src/content/legal/. */
export const legalTranslationDir = (locale: Locale) => `${languageDir(locale)}/legal`;
export const dataFormsFile = (locale: Locale) => `${languageDir(locale)}/data-practices.yaml`;

/** The language's own facts, from its words file (the words loader validates the rest of it). */
export function languageOf(locale: Locale): Language {
  const file = wordsFile(locale);
  if (!existsSync(file))
    throw new LanguageError(
      `${file} is missing; expected the words of "${locale}", with every key of ${wordsFile(defaultLocale)} (docs/languages.md), or no folder ${languageDir(locale)}/`,
    );
  const result = languageSchema.safeParse((parseYaml(readFileSync(file, 'utf8')) as { language?: unknown })?.language);
  if (!result.success)
    throw new LanguageError(
      `${file}: language is invalid; expected { name, tag, ogLocale }, like { name: English, tag: en-US, ogLocale: en_US }`,
    );
  return result.data;
}

/** The BCP-47 tag dates and lists are written in. */
export const tagOf = (locale: Locale = defaultLocale) => languageOf(locale).tag;
