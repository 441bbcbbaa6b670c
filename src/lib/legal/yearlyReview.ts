/**
 * The yearly review of the legal pages (CCPA 1798.130(a)(5): the privacy policy is updated at least once every 12
 * months). `npm run check:release` lists a page whose "last updated" (its latest approval) is older; the build never
 * fails for it, since a build must not start failing because time passed.
 */
import { lawFacts } from './law.ts';

export interface LegalPageDate {
  file: string;
  lastUpdated: string;
}

/** One line per page last updated more than `lawFacts.reviewMonths` months before `today`. */
export function stalePages(pages: LegalPageDate[], today: Date): string[] {
  const limit = new Date(today);
  limit.setUTCMonth(limit.getUTCMonth() - lawFacts.reviewMonths);
  const oldest = limit.toISOString().slice(0, 10);
  return pages
    .filter((page) => page.lastUpdated < oldest)
    .map(
      (page) =>
        `${page.file}: last updated ${page.lastUpdated}, more than ${lawFacts.reviewMonths} months ago  (review the text with counsel, then record the review or approve the change: npm run legal:approve -- <page> --by "<name>" [--reviewed])`,
    );
}
