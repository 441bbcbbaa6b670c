import { defineCollection } from 'astro:content';
import { legalFrontMatter } from './lib/legal/source.ts';
import { legalLoader } from './lib/legal/loader.node.ts';

/** The legal pages, as Markdown: one file per entry of src/lib/legal/pages.ts (docs/legal-pages.md). */
const legal = defineCollection({
  loader: legalLoader('src/content/legal/'),
  schema: legalFrontMatter,
});

export const collections = { legal };
