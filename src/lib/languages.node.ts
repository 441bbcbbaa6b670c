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
import { languageDirection } from './direction.ts';

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
  return languageFacts((parseYaml(readFileSync(file, 'utf8')) as { language?: unknown })?.language, file);
}

/** `language` of the words `file`, validated: a fact that is there but wrong is named, with its value and its form. */
export function languageFacts(language: unknown, file: string): Language {
  const result = languageSchema.safeParse(language);
  if (result.success) return result.data;
  const facts = (language && typeof language === 'object' ? language : {}) as Record<string, unknown>;
  const wrong = result.error.issues
    .map(({ path: [key], message }) => ({ key: String(key), message }))
    .filter(({ key }) => facts[key] !== undefined)
    .map(({ key, message }) => `language.${key} is ${JSON.stringify(facts[key])}; expected ${message}`);
  throw new LanguageError(
    wrong.length
      ? `${file}: ${wrong.join('; ')}`
      : `${file}: language is invalid; expected { name, tag, ogLocale }, like { name: English, tag: en-US, ogLocale: en_US }`,
  );
}

/** The BCP-47 tag dates and lists are written in. */
export const tagOf = (locale: Locale = defaultLocale) => languageOf(locale).tag;
/** Which way the language's text runs: its words' `dir`, else its tag's (src/lib/direction.ts). */
export const directionOf = (locale: Locale = defaultLocale) => languageDirection(languageOf(locale));
