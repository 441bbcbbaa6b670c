/** The site's languages (src/lib/i18n.ts): which of them this site publishes. */
import { z } from 'zod';
import { defaultLocale, locales } from '../lib/i18n.ts';

const expected = `a list of the site's languages, ${defaultLocale} first, each once, from ${locales.join(', ')}, like ['${locales.join("', '")}']`;

export const languageFields = {
  /**
   * The languages the site is published in, the source language (English) first. Every other one has its pages under
   * `/<code>/` with its own words (src/content/words/<code>.yaml, src/content/support/<code>/); drop it from the list
   * and the site has no `/<code>/` page, no hreflang link and no language switcher.
   * @example ['en', 'es']
   */
  languages: z
    .array(z.enum(locales, expected), expected)
    .refine((list) => list[0] === defaultLocale, expected)
    .refine((list) => new Set(list).size === list.length, expected)
    .default([defaultLocale]),
};
