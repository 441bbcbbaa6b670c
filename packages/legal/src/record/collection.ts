/** The current legal pages from the collection (src/content.config.ts), in their `order`: not their versions. */
import type { CollectionEntry } from 'astro:content';
// Astro's content layer, loaded when a page asks: Node alone reads this module too, through the package's entry.
const content = () => import('astro:content');
import type { LegalHeading } from './frontMatter.ts';
import { recordKey } from '../addresses/pages.ts';
import { namesSectionInEffect, sectionInEffect } from '../render/sectionInEffect.ts';

/** The current English legal pages (id `privacy`). */
export const currentLegalPages = async () =>
  (await (await content()).getCollection('legal', ({ id, data }) => id === data.kind)).sort(
    (a, b) => a.data.page.order - b.data.page.order,
  );

/** Who each legal page is: what components link to (src/components/LegalLinks.tsx) and the head's `<link rel>`. */
export const legalPageList = async () => (await currentLegalPages()).map(({ data }) => data.page);

/** The headings the loader recorded for an entry's HTML (loader.node.ts). */
const headingsOf = (entry?: CollectionEntry<'legal'>) => (entry?.rendered?.metadata?.headings ?? []) as LegalHeading[];

/**
 * The headings of the legal page at `path` (`/privacy`, `/es/privacy`): those of the version its address shows today
 * (the version in effect, or a draft's words), every approved version's, newest first, and its newest words' (a
 * draft's, else the latest approved version's), with the ids of the versions shown and newest (none for a draft).
 */
async function legalPageAt(path: string) {
  const shown = (
    await (await content()).getCollection('legal', ({ id, data }) => id === recordKey(data.kind, data.locale))
  ).find(({ data }) => data.page.path === path);
  if (!shown) return undefined;
  const history = shown.data.history ?? [];
  const versions = await Promise.all(
    history.map(async ({ id }: { id: string }) => headingsOf(await (await content()).getEntry('legal', id))),
  );
  const draft = !shown.data.approval;
  return {
    shown: headingsOf(shown),
    versions,
    newest: draft ? headingsOf(shown) : (versions[0] ?? []),
    shownId: shown.data.version,
    newestId: draft ? undefined : history[0]?.id,
  };
}

/**
 * Whether `href` (`/privacy#retention`) names a section that the version its page shows today or its newest words
 * have (namesSectionInEffect); when neither has it, what the page has instead: its sections' ids (the version shown,
 * then those only the newest has) and the versions read. Undefined for an href that is not a legal page's section.
 */
export async function sectionMissing(href: string) {
  const [path, id] = href.split('#');
  const page = path && id ? await legalPageAt(path) : undefined;
  if (!page || namesSectionInEffect(decodeURIComponent(id!), page.shown, page.newest)) return undefined;
  const ids = [...new Set([...page.shown, ...page.newest].map(({ slug }) => slug))];
  return { path: path!, id: decodeURIComponent(id!), ids, shown: page.shownId, newest: page.newestId };
}

/**
 * A link to a legal section (`/privacy#delete-data`) as the page a visitor gets today has it, with that section's
 * heading: a section renamed by a version approved for later keeps its old id until the day it takes effect
 * (sectionInEffect.ts); one with no match today links the page. Any other href is returned as it is.
 */
export async function linkInEffect(href: string): Promise<{ href: string; heading?: string }> {
  const [path, id] = href.split('#');
  const page = path && id ? await legalPageAt(path) : undefined;
  const section = page && sectionInEffect(decodeURIComponent(id!), page.shown, page.versions);
  if (section === undefined) return { href };
  return section ? { href: `${path}#${section.slug}`, heading: section.text } : { href: path! };
}

/** A legal article's links to other legal pages' sections, each to the id that page has today (linkInEffect). */
export async function articleLinksInEffect(html: string): Promise<string> {
  const link = /href="(\/[^"#]*#[^"]+)"/g;
  const hrefs = [...new Set([...html.matchAll(link)].map(([, href]) => href!))];
  const moved = new Map(await Promise.all(hrefs.map(async (href) => [href, (await linkInEffect(href)).href] as const)));
  return html.replace(link, (_, href: string) => `href="${moved.get(href)}"`);
}
