import { defineCollection } from 'astro:content';
import { legalFrontMatter } from './lib/legalSource.ts';
import { legalLoader } from './lib/legalLoader.ts';

/** The Privacy Policy and the SMS Terms of Service, as Markdown (see the README's "Legal pages"). */
const legal = defineCollection({
  loader: legalLoader('src/content/legal/'),
  schema: legalFrontMatter,
});

export const collections = { legal };
