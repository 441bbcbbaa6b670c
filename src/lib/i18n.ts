/**
 * The site's languages, as addresses: English is the source and keeps today's addresses; every other language lives
 * under `/<locale>/` with the same path after it (`/privacy` -> `/es/privacy`), so a page's other-language address is
 * always derivable from its English one. Which languages exist is data (src/config/languages.ts): a language's name,
 * tag and Open Graph locale are in its own words (`language` in src/content/i18n/<code>/words.yaml).
 */
/** A language's code: the name of its folder in src/content/i18n/ (`en`, `es`). */
export type Locale = string;
/**
 * The form of a language's code, as a regular expression's source: a BCP-47 tag's language, with its script or region
 * if any (`es`, `pt-BR`, `zh-Hant`). Addresses start with it (`/pt-BR/privacy`) and the legal record keys a translation
 * by it (`privacy.pt-BR`), so every pattern that reads a code back out of one uses this.
 */
export const localeCodeForm = '[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*';
export const defaultLocale: Locale = 'en';

/** The address in `locale` of the page whose English address is `path`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

/** An ISO date (`2024-12-16`) as a reader of the BCP-47 `tag` writes it: "December 16, 2024", "16 de diciembre de 2024". */
export function formatDate(isoDate: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The language of a site address among `languages`, and the English address it translates: `/es/support` -> es, `/support`. */
export function localeOf(path: string, languages: readonly Locale[]): { locale: Locale; path: string } {
  const prefix = languages.find(
    (locale) => locale !== defaultLocale && (path === `/${locale}` || path.startsWith(`/${locale}/`)),
  );
  if (!prefix) return { locale: defaultLocale, path };
  return { locale: prefix, path: path.slice(prefix.length + 1) || '/' };
}
