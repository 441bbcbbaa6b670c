/**
 * The site's languages. English is the source and keeps today's addresses; every other language lives under
 * `/<locale>/` with the same path after it (`/privacy` -> `/es/privacy`), so a page's other-language address is
 * always derivable from its English one.
 */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Each language named in itself, as a language switcher shows it. */
export const languageNames: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The address in `locale` of the page whose English address is `path`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

/** An ISO date (`2024-12-16`) as a reader of `locale` writes it: "December 16, 2024", "16 de diciembre de 2024". */
export function formatDate(isoDate: string, locale: Locale): string {
  const tag = locale === 'en' ? 'en-US' : locale;
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The Open Graph locale of each language: the app is American, so its Spanish is the United States' (`es_US`). */
export const ogLocales: Record<Locale, string> = { en: 'en_US', es: 'es_US' };

/** The language of a site address and the English address it translates: `/es/support` -> es, `/support`. */
export function localeOf(path: string): { locale: Locale; path: string } {
  const prefix = locales.find(
    (locale) => locale !== defaultLocale && (path === `/${locale}` || path.startsWith(`/${locale}/`)),
  );
  if (!prefix) return { locale: defaultLocale, path };
  return { locale: prefix, path: path.slice(prefix.length + 1) || '/' };
}
