/** The current legal pages from the collection (src/content.config.ts), in their `order`: not their versions. */
import { getCollection } from 'astro:content';
import type { Locale } from '../i18n.ts';
import { recordKey } from './pages.ts';

/** The current English legal pages (id `privacy`). */
export const currentLegalPages = async () =>
  (await getCollection('legal', ({ id, data }) => id === data.kind)).sort(
    (a, b) => a.data.page.order - b.data.page.order,
  );

/** The current pages translated into `locale` (id `privacy.es`), in their English pages' order. */
export const translatedLegalPages = async (locale: Locale) =>
  // A language the config does not publish (`languages`) has no entry: the loader builds only those.
  (await getCollection('legal', ({ id, data }) => data.locale === locale && id === recordKey(data.kind, locale))).sort(
    (a, b) => a.data.page.order - b.data.page.order,
  );

/**
 * Every legal page as a reader of `locale` gets it: its translation where it has one, else the English page (its
 * `locale` says which, so a link can be marked as English).
 */
export async function legalPagesIn(locale: Locale) {
  const translated = locale === 'en' ? [] : await translatedLegalPages(locale);
  return (await currentLegalPages()).map(
    (english) => translated.find(({ data }) => data.kind === english.data.kind)?.data ?? english.data,
  );
}

/** Who each legal page is: what components link to (src/components/LegalLinks.tsx) and the head's `<link rel>`. */
export const legalPageList = async () => (await currentLegalPages()).map(({ data }) => data.page);
