/** The site's words and support questions from the collections (src/content.config.ts), for the pages. */
import { getCollection, getEntry } from 'astro:content';
import type { SiteConfig } from '../../config/index.ts';
import { defaultLocale, localePath, type Locale } from '../i18n.ts';
import { routes } from '../routes.ts';
import type { Question, Words } from './schema.ts';

export async function pageWords(locale: Locale = defaultLocale): Promise<Words> {
  const entry = await getEntry('words', locale);
  if (!entry) throw new Error(`No words for "${locale}": expected src/content/i18n/${locale}/words.yaml`);
  return entry.data as Words;
}

export const supportQuestions = async (locale: Locale = defaultLocale) =>
  (await getCollection('support', ({ id }) => id.startsWith(`${locale}/`)))
    .map(({ data }) => data as Question)
    .sort((a, b) => a.order - b.order);

/**
 * The words, and what the call to action and the footer show in them: the store buttons, social and support links
 * (the support page in `locale`).
 */
export async function sharedParts(networks: SiteConfig['social'], locale: Locale = defaultLocale) {
  const words = await pageWords(locale);
  const { interface: ui } = words;
  return {
    words,
    storeLabels: { appStore: ui.appStoreButton, googlePlay: ui.googlePlayButton },
    social: networks.map((network) => ({
      ...network,
      label: ui.socialLink.replaceAll('{{network}}', network.name),
    })),
    support: { href: localePath(locale, routes.support), label: ui.support },
  };
}
