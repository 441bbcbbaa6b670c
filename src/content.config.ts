import { defineCollection } from 'astro:content';
import { legalLoader } from './lib/legal/loader.node.ts';

/**
 * The legal pages (docs/legal-pages.md): each page's words as read now, by its kind (`privacy`), and every approved
 * version's frozen words, by its version id (`privacy@2026-11-25`), each with its approval state; the loader
 * (src/lib/legal/loader.node.ts) computes them once per build and holds the review gate.
 */
export const collections = { legal: defineCollection({ loader: legalLoader() }) };
