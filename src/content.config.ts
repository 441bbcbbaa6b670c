import { defineCollection } from 'astro:content';
import { legalFrontMatter } from './lib/legal/source.ts';
import { legalLoader } from './lib/legal/loader.node.ts';

/** The Privacy Policy and the SMS Terms of Service, as Markdown (see the README's "Legal pages"). */
const legal = defineCollection({
  loader: legalLoader('src/content/legal/'),
  schema: legalFrontMatter,
});

export const collections = { legal };
