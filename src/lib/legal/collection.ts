/** The current legal pages from the collection (src/content.config.ts), in their `order`: not their versions. */
import { getCollection } from 'astro:content';

/** The current English legal pages (id `privacy`). */
export const currentLegalPages = async () =>
  (await getCollection('legal', ({ id, data }) => id === data.kind)).sort(
    (a, b) => a.data.page.order - b.data.page.order,
  );

/** Who each legal page is: what components link to (src/components/LegalLinks.tsx) and the head's `<link rel>`. */
export const legalPageList = async () => (await currentLegalPages()).map(({ data }) => data.page);
