/**
 * The routes of the pages every language has (src/pages/[locale]/): one per language of the config's `languages`
 * other than English, whose pages keep today's addresses. Spanish off, none is built: no `/es/` page at all.
 */
import config from 'virtual:site/config';
import { defaultLocale, type Locale } from './i18n.ts';

export const otherLocales = (): Locale[] => config.languages.filter((locale) => locale !== defaultLocale);

/** getStaticPaths of a route under src/pages/[locale]/: the locale as its parameter and its prop. */
export const otherLocalePaths = () => otherLocales().map((locale) => ({ params: { locale }, props: { locale } }));
