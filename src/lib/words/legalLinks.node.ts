/**
 * The legal pages as a page in another language links them. A legal page has a translation when its Markdown is in
 * the language's legal/ folder (src/content/i18n/<locale>/legal/: same file name, same section ids as the English); a link to it then goes to its address
 * in that language, under its own label. A page with none is linked in English, marked so (`lang`, `hreflang`, and the
 * interface's `inEnglish` after it): a reader is never taken to English words without being told.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { defaultLocale, localePath, type Locale } from '../i18n.ts';
import type { LegalPage } from '../legal/frontMatter.ts';
import { markdownParts } from '../legal/markdown.node.ts';
import { splitFrontMatter, translationFile } from '../legal/pages.node.ts';

/** A legal page's link in a language: its address and label there, and `lang` where that is another language's page. */
export type LocalizedLegalPage<Page extends Pick<LegalPage, 'kind' | 'path' | 'linkLabel'>> = Page & {
  /** Set where the page exists only in this language (English): the link says so. */
  lang?: Locale;
  /** The words that say so after the link (the interface's `inEnglish`). */
  note?: string;
};

/** The Markdown of the translation of `kind` into `locale`, if there is one. */
export function legalTranslation(kind: string, locale: Locale) {
  if (locale === defaultLocale) return undefined;
  const file = translationFile(kind, locale);
  if (!existsSync(file)) return undefined;
  const { yaml, body } = splitFrontMatter(readFileSync(file, 'utf8'), file);
  const data = (parseYaml(yaml) ?? {}) as { linkLabel?: string };
  return { file, linkLabel: data.linkLabel, body };
}

/** Each page as a page in `locale` links it; `note` follows a link to an English-only page. */
export function localizedLegalPages<Page extends Pick<LegalPage, 'kind' | 'path' | 'linkLabel'>>(
  pages: Page[],
  locale: Locale,
  note?: string,
): LocalizedLegalPage<Page>[] {
  if (locale === defaultLocale) return pages;
  return pages.map((page) => {
    const translation = legalTranslation(page.kind, locale);
    if (!translation) return { ...page, lang: defaultLocale, ...(note && { note }) };
    return { ...page, path: localePath(locale, page.path), linkLabel: translation.linkLabel ?? page.linkLabel };
  });
}

/** The headings of a legal page in `locale` (its translation's, else the English `englishBody`'s), by section. */
export function legalSections(kind: string, locale: Locale, englishBody: string) {
  const translation = legalTranslation(kind, locale);
  return { parts: markdownParts(translation?.body ?? englishBody), translated: Boolean(translation) };
}
