import { defineCollection } from 'astro:content';
import { legalLoader } from 'legal-record';
import { supportLoader, wordsLoader } from './lib/words/loader.node.ts';

/**
 * The legal pages (docs/legal-pages.md): each page's words as read now, by its kind (`privacy`), and every approved
 * version's frozen words, by its version id (`privacy@2026-11-25`), each with its approval state; the loader
 * (packages/legal/src/record/loader.node.ts) computes them once per build and holds the review gate. The words of every other page
 * (src/content/i18n/<locale>/words.yaml) and the support page's questions (src/content/i18n/<locale>/support/), filled and
 * checked by src/lib/words/.
 */
export const collections = {
  legal: defineCollection({ loader: legalLoader() }),
  words: defineCollection({ loader: wordsLoader() }),
  support: defineCollection({ loader: supportLoader() }),
};
