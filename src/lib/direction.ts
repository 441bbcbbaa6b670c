/**
 * Which way a language's text runs, from its BCP-47 tag (`language.tag` in src/content/i18n/<code>/words.yaml), unless
 * its words say so themselves (`language.dir`). The pages set it on `<html dir>`, and the stylesheets lay out with
 * logical properties (`margin-inline-start`, `text-align: start`), so a right-to-left language mirrors the layout.
 */

export type Direction = 'ltr' | 'rtl';
export const directions = ['ltr', 'rtl'] as const satisfies readonly Direction[];

/**
 * Scripts written right to left (ISO 15924), for an engine without `Intl.Locale` text info: Adlam, Arabic, Hebrew,
 * Mandaic, Mende Kikakui, N'Ko, Hanifi Rohingya, Samaritan, Syriac, Thaana, Yezidi.
 */
const rtlScripts = new Set(['Adlm', 'Arab', 'Hebr', 'Mand', 'Mend', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa', 'Yezi']);

/** Languages whose usual script is one of those, written without a script subtag (`ar`, `fa`, `he`). */
const rtlLanguages = new Set([
  'ar',
  'arc',
  'azb',
  'bal',
  'ckb',
  'dv',
  'fa',
  'glk',
  'he',
  'iw',
  'ji',
  'ks',
  'lrc',
  'mzn',
  'nqo',
  'pnb',
  'ps',
  'rhg',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);

/** What the engine knows of the tag's direction: `getTextInfo()` (the standard's method), or the older getter. */
type TextInfoLocale = Intl.Locale & {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
};

/** The direction from the lists above: a script subtag decides (`az-Arab`, `ar-Latn`), else the language. */
export function listedDirection(tag: string): Direction {
  const locale = new Intl.Locale(tag);
  if (locale.script) return rtlScripts.has(locale.script) ? 'rtl' : 'ltr';
  return rtlLanguages.has(locale.language) ? 'rtl' : 'ltr';
}

/** The direction the tag's language and script are written in: the engine's own data where it has it. */
export function tagDirection(tag: string): Direction {
  const locale = new Intl.Locale(tag) as TextInfoLocale;
  const known = (locale.getTextInfo?.() ?? locale.textInfo)?.direction;
  return known === 'rtl' || known === 'ltr' ? known : listedDirection(tag);
}

/** A language's direction: its words' own `dir` where they set one, else its tag's. */
export const languageDirection = ({ tag, dir }: { tag: string; dir?: Direction | undefined }): Direction =>
  dir ?? tagDirection(tag);
