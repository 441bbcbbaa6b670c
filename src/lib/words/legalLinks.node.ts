/**
 * The legal pages as a page in another language links them. A legal page has a translation when its Markdown is in the
 * language's legal/ folder (translationSources: same file name, same section ids as the English); a link to it then
 * goes to its address in that language, under its own label. A page with none is linked in English, marked so (`lang`,
 * `hreflang`, and the interface's `inEnglish` after it): a reader is never taken to English words without being told.
 */
import { defaultLocale, localePath, type Locale } from '../i18n.ts';
import { type LegalPage, translationSources } from 'legal-record';

/** A legal page's link in a language: its address and label there, and `lang` where that is another language's page. */
export type LocalizedLegalPage<Page extends Pick<LegalPage, 'kind' | 'path' | 'linkLabel'>> = Page & {
  /** Set where the page exists only in this language (English): the link says so. */
  lang?: Locale;
  /** The words that say so after the link (the interface's `inEnglish`). */
  note?: string;
};

/** Each page as a page in `locale` links it; `note` follows a link to an English-only page. */
export function localizedLegalPages<Page extends Pick<LegalPage, 'kind' | 'path' | 'linkLabel'>>(
  pages: Page[],
  locale: Locale,
  note?: string,
): LocalizedLegalPage<Page>[] {
  if (locale === defaultLocale) return pages;
  const translations = new Map(translationSources(locale).map((source) => [source.kind, source]));
  return pages.map((page) => {
    const translation = translations.get(page.kind);
    if (!translation) return { ...page, lang: defaultLocale, ...(note && { note }) };
    return { ...page, path: localePath(locale, page.path), linkLabel: translation.data.linkLabel ?? page.linkLabel };
  });
}
