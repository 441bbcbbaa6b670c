/**
 * The site's languages. The languages that exist are the folders of src/content/i18n/ that hold their words (one per
 * language, named by its code: everything that language says), and the config's `languages` says which of them this
 * site publishes.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { defaultLocale, localeCodeForm } from '../lib/i18n.ts';

/** One folder per language: its words, support answers, legal translations and data forms (docs/languages.md). */
export const i18nDir = 'src/content/i18n';

/** The file that makes a folder a language: its words (src/lib/languages.node.ts, wordsFile). */
export const wordsFileName = 'words.yaml';

/**
 * The codes of the languages that exist, English first: each folder that holds its words. A folder without them
 * (emptied but not removed, or not written yet) is no language, as if it were gone.
 */
export const availableLocales = (dir = i18nDir): string[] =>
  (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, wordsFileName)))
    .map((entry) => entry.name)
    .sort((a, b) => Number(b === defaultLocale) - Number(a === defaultLocale) || a.localeCompare(b));

const expected = () =>
  `a list of the site's languages, ${defaultLocale} first, each once, each a folder of ${i18nDir}/ (${availableLocales().join(', ')}), like ['${defaultLocale}']`;

/** The codes of `list` whose folder is in `dir` but holds no words: the config names each with what it lacks. */
export const foldersWithoutWords = (list: string[], dir = i18nDir) =>
  list.filter((code) => existsSync(join(dir, code)) && !availableLocales(dir).includes(code));

/** What a folder of `dir` without words needs to be the language `code`, or, but for English, to be left out. */
export const noWordsExpected = (code: string, dir = i18nDir) =>
  `${dir}/${code}/${wordsFileName}, the words of "${code}" with every key of ${dir}/${defaultLocale}/${wordsFileName} (docs/languages.md)${code === defaultLocale ? '' : `, or "${code}" left out of languages`}: ${dir}/${code}/ has no ${wordsFileName}, so it is no language`;

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
    .superRefine((list, context) => {
      // A code the addresses and the legal record cannot carry (`pt_BR`, `pt.BR`) is named first, with the form.
      const misformed = list.filter((code) => !new RegExp(`^${localeCodeForm}$`).test(code));
      for (const code of misformed)
        context.addIssue({
          code: 'custom',
          message: `"${code}" is not a language code; expected a BCP-47 language, with its script or region if any, like es, pt-BR or zh-Hant: rename ${i18nDir}/${code}/ to that code and list it so`,
        });
      if (misformed.length) return;
      // A folder without words is named once, with the file it lacks; any other code not a language, by the form.
      const wordless = foldersWithoutWords(list);
      if (wordless.length)
        for (const code of wordless) context.addIssue({ code: 'custom', message: noWordsExpected(code) });
      else if (!list.every((code) => availableLocales().includes(code)))
        context.addIssue({ code: 'custom', message: expected() });
    })
    .default([defaultLocale]),
};
