/** The site's words and support questions from the collections (src/content.config.ts), for the pages. */
import { getCollection, getEntry } from 'astro:content';
import type { SiteConfig } from '../../config/index.ts';
import { defaultLocale, localePath, type Locale } from '../i18n.ts';
import { sectionMissing } from 'legal-record';
import { routes } from '../routes.ts';
import type { Question, Words } from './schema.ts';
import { sourceSectionError } from './errors.ts';

export async function pageWords(locale: Locale = defaultLocale): Promise<Words> {
  const entry = await getEntry('words', locale);
  if (!entry) throw new Error(`No words for "${locale}": expected src/content/i18n/${locale}/words.yaml`);
  return entry.data as Words;
}

/**
 * The support questions of `locale`, in their order. A source whose section the legal page has neither in the
 * version a visitor gets today nor in its newest words stops the build, naming it (words.node.ts, sourceSectionError):
 * the link would otherwise open another section, or the page, without a word.
 */
export async function supportQuestions(locale: Locale = defaultLocale) {
  const questions = (await getCollection('support', ({ id }) => id.startsWith(`${locale}/`)))
    .map(({ data }) => data as Question)
    .sort((a, b) => a.order - b.order);
  for (const { href, from } of questions.flatMap(({ sources }) => sources)) {
    const missing = await sectionMissing(href);
    if (missing) throw sourceSectionError(from, missing);
  }
  return questions;
}

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
