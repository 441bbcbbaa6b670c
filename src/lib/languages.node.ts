/**
 * Where each language's words live: one folder per language, src/content/i18n/<code>/ (docs/languages.md), holding
 * `words.yaml` (the pages' and the interface's words, and the language's own facts: its name, BCP-47 tag and Open
 * Graph locale), `support/` (the support answers), and for a translation `legal/` (its legal pages and their
 * wording) and `data-practices.yaml` (the data file's words in it).
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { i18nDir } from '../config/index.ts';
import { defaultLocale, type Locale } from './i18n.ts';
import { languageSchema, type Language } from './words/schema.ts';

export const languageDir = (locale: Locale) => `${i18nDir}/${locale}`;
export const wordsFile = (locale: Locale) => `${languageDir(locale)}/words.yaml`;
export const supportDir = (locale: Locale) => `${languageDir(locale)}/support`;
/** A translation's legal pages and their wording; the English pages are src/content/legal/. */
export const legalTranslationDir = (locale: Locale) => `${languageDir(locale)}/legal`;
export const dataFormsFile = (locale: Locale) => `${languageDir(locale)}/data-practices.yaml`;

/** The language's own facts, from its words file (the words loader validates the rest of it). */
export function languageOf(locale: Locale): Language {
  const file = wordsFile(locale);
  const result = languageSchema.safeParse((parseYaml(readFileSync(file, 'utf8')) as { language?: unknown })?.language);
  if (!result.success)
    throw new Error(
      `${file}: language is invalid; expected { name, tag, ogLocale }, like { name: English, tag: en-US, ogLocale: en_US }`,
    );
  return result.data;
}

/** The BCP-47 tag dates and lists are written in. */
export const tagOf = (locale: Locale = defaultLocale) => languageOf(locale).tag;
