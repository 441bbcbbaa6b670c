import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { legalFrontMatter } from './lib/legal/source.ts';

/**
 * The legal pages, as Markdown: one file per entry of src/lib/legal/pages.ts (docs/legal-pages.md). Rendered by the
 * site's Markdown pipeline, whose legal steps fill the tokens and the data-practices blocks (markdownPlugins.ts).
 */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: legalFrontMatter,
});

export const collections = { legal };
