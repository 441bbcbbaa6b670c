import { getCollection } from 'astro:content';
import { recordKey } from '../addresses/pages.ts';

/** Each page's entry in each language it is published in (id `privacy`, `privacy.es`), not its versions. */
export const pageEntries = () => getCollection('legal', ({ id, data }) => id === recordKey(data.kind, data.locale));

/** A route's `locale` parameter: none for English, whose addresses have no prefix. */
export const localeParam = (locale: string) => (locale === 'en' ? undefined : locale);
