/**
 * What the legal pages take from the site that shows them (besides ../host.ts): its config, its page frame and inline
 * code, its interface words, and its head's and links' helpers. No other component imports the site.
 */
export { default as config } from 'virtual:site/config';
export { default as BaseLayout } from '../../../../src/layouts/BaseLayout.astro';
export { default as InlineCode } from '../../../../src/components/InlineCode.astro';
export { default as Say } from '../../../../src/components/Say.astro';
export { absoluteUrl, type HeadTag } from '../../../../src/lib/head.ts';
export { webPage } from '../../../../src/lib/structuredData.ts';
export { localizedLegalPages } from '../../../../src/lib/words/legalLinks.node.ts';
export { pageWords } from '../../../../src/lib/words/collection.ts';
