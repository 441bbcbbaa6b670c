/**
 * A section id as the version of a legal page a visitor gets today names it. Support answers, quick actions and the
 * links between legal pages name a section as some version has it: the words as read now, or a frozen version. While
 * a version that renames a section is approved but not yet in effect, the page's address still shows the old id, and
 * from its effective day the new one (docs/legal-pages.md#links-between-pages).
 */
import type { LegalHeading } from '../record/frontMatter.ts';

/**
 * The section of `shown` that `id` names, looked up in `versions` (the page's other versions, newest first) where
 * `shown` lacks it: the section in the same place between the sections both versions share (a renamed one), else the
 * section that holds it there (a sub-section added or removed). `null` when no section of `shown` matches (link the
 * page itself); `undefined` when no version has the id (a mistake the build's link check names).
 */
export function sectionInEffect(
  id: string,
  shown: LegalHeading[],
  versions: LegalHeading[][],
): LegalHeading | null | undefined {
  const here = shown.find(({ slug }) => slug === id);
  if (here) return here;
  const from = versions.find((headings) => headings.some(({ slug }) => slug === id));
  if (!from) return undefined;
  for (let index = from.findIndex(({ slug }) => slug === id); index >= 0;) {
    const match = counterpart(from, shown, index);
    if (match) return match;
    // The enclosing section: the nearest heading above it of a lower depth.
    const depth = from[index]!.depth;
    index = from.findLastIndex((heading, at) => at < index && heading.depth < depth);
  }
  return null;
}

/** The heading of `to` in the place `from[index]` has: the same rank among the unshared headings between shared ones. */
function counterpart(from: LegalHeading[], to: LegalHeading[], index: number): LegalHeading | undefined {
  const target = from[index]!;
  const same = to.find(({ slug }) => slug === target.slug);
  if (same) return same;
  const shared = new Set(from.map(({ slug }) => slug).filter((slug) => to.some((heading) => heading.slug === slug)));
  const before = from.findLast((heading, at) => at < index && shared.has(heading.slug))?.slug;
  const after = from.find((heading, at) => at > index && shared.has(heading.slug))?.slug;
  const between = (list: LegalHeading[]) => {
    const start = before ? list.findIndex(({ slug }) => slug === before) + 1 : 0;
    const end = after ? list.findIndex(({ slug }) => slug === after) : list.length;
    return list.slice(start, end).filter(({ slug }) => !shared.has(slug));
  };
  const was = between(from);
  const is = between(to);
  // Only a one-for-one change of the same depth is a rename; more or fewer sections there is not.
  const match = was.length === is.length ? is[was.indexOf(target)] : undefined;
  return match?.depth === target.depth ? match : undefined;
}

/**
 * Whether a link that names `id` keeps its meaning: the version a visitor gets today (`shown`) has the section, or
 * the page's newest words (`newest`) do, which sectionInEffect follows back until they take effect. A section only
 * an older version had, or one a feature switched off took away, would be pointed at another section (or at the
 * page) without a word, so a support answer that names one stops the build (src/lib/words/collection.ts).
 */
export const namesSectionInEffect = (id: string, shown: LegalHeading[], newest: LegalHeading[]) =>
  [shown, newest].some((headings) => headings.some(({ slug }) => slug === id));
