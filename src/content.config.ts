import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { legalLoader } from './lib/legal/loader.node.ts';
import { legalFrontMatter } from './lib/legal/source.ts';

/**
 * The legal pages, as Markdown: one file per entry of src/lib/legal/pages.ts (docs/legal-pages.md). Rendered by the
 * site's Markdown pipeline, whose legal steps fill the tokens and the data-practices blocks (src/lib/legal/markdownPlugins.node.ts).
 */
const legal = defineCollection({
  loader: legalLoader('./src/content/legal'),
  schema: legalFrontMatter,
});

/**
 * Every approved version of each page, as `npm run legal:approve` copied it (versions/<page>/<version>/<page>.md, with
 * its own data-practices.yaml beside it), rendered by the same pipeline. Ids like `privacy/2026-11-25`.
 */
const legalVersions = defineCollection({
  loader: glob({
    pattern: '*/*/*.md',
    base: './src/content/legal/versions',
    generateId: ({ entry }) => entry.replace(/\/[^/]+\.md$/, ''),
  }),
  schema: legalFrontMatter,
});

export const collections = { legal, legalVersions };
