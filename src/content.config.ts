import { defineCollection } from 'astro:content';
import { legalLoader } from './lib/legal/loader.node.ts';
import { legalFrontMatter } from './lib/legal/frontMatter.ts';

/**
 * The legal pages (docs/legal-pages.md): each page's words as read now, by its kind (`privacy`), and every approved
 * version's frozen words, by its version id (`privacy@2026-11-25`); src/lib/legal/loader.node.ts.
 */
const legal = defineCollection({
  loader: legalLoader(),
  schema: legalFrontMatter.omit({ facts: true }),
});

export const collections = { legal };
