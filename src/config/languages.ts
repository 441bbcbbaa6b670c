/**
 * The site's languages. The languages that exist are the folders of src/content/i18n/ (one per language, named by its
 * code: everything that language says), and the config's `languages` says which of them this site publishes.
 */
import { existsSync, readdirSync } from 'node:fs';
import { z } from 'zod';
import { defaultLocale } from '../lib/i18n.ts';

/** One folder per language: its words, support answers, legal translations and data forms (docs/languages.md). */
export const i18nDir = 'src/content/i18n';

/** The codes of the languages that have a folder, English first. */
export const availableLocales = (dir = i18nDir): string[] =>
  (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => Number(b === defaultLocale) - Number(a === defaultLocale) || a.localeCompare(b));

const expected = () =>
  `a list of the site's languages, ${defaultLocale} first, each once, each a folder of ${i18nDir}/ (${availableLocales().join(', ')}), like ['${defaultLocale}']`;

export const languageFields = {
  /**
   * The languages the site is published in, the source language (English) first. Every other one has its pages under
   * `/<code>/`, with the words of its folder, src/content/i18n/<code>/; drop it from the list and the site has no
   * `/<code>/` page, no hreflang link and no language switcher.
   * @example ['en', 'es']
   */
  languages: z
    .array(z.string(), { error: expected })
    .refine((list) => list[0] === defaultLocale, { error: expected })
    .refine((list) => new Set(list).size === list.length, { error: expected })
    .refine((list) => list.every((code) => availableLocales().includes(code)), { error: expected })
    .default([defaultLocale]),
};
