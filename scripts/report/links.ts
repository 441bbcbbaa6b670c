/**
 * Every internal link, anchor and asset reference of the served site answers (and, for `#id`, the id exists on the
 * target page), and every external link is https. The crawling is linkinator's; what is ours is the site's rules:
 * the hash addresses (`/#/terms`, docs/requirements.md#hash-addresses) are routes, not anchors, and this machine
 * reaches no other site, so external links are not fetched, only required to be https.
 */
import { LinkChecker } from 'linkinator';
import type { GateResult } from './types.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Crawls the site served at `baseUrl` from its home page and from `unlinked` (pages nothing links to, like the
 * invite page); links written with `siteUrl` are checked there too.
 */
export async function linksGate(baseUrl: string, siteUrl: string, unlinked: string[] = []): Promise<GateResult> {
  const served = new URL(baseUrl).origin;
  const insecure = new Set<string>();
  const result = await new LinkChecker().check({
    path: [`${served}/`, ...unlinked.map((path) => `${served}${path}`)],
    recurse: true,
    checkFragments: true,
    // `#/privacy` and `#/terms` are resolved by the landing page's head script (src/lib/routes.ts).
    fragmentsToSkip: ['^/'],
    urlRewriteExpressions: [{ pattern: new RegExp(`^${escapeRegExp(new URL(siteUrl).origin)}`), replacement: served }],
    linksToSkip: async (link) => {
      if (link.startsWith(served)) return false;
      if (/^http:/.test(link)) insecure.add(link);
      return true;
    },
  });
  const failures = result.links
    .filter((link) => link.state === 'BROKEN')
    .map((link) => `links ${pathOf(link.parent, served)}: ${pathOf(link.url, served)} is broken (${reason(link)})`);
  failures.push(...[...insecure].map((link) => `links: external link is not https: ${link}`));
  const perPage = new Map<string, number>();
  for (const link of result.links) {
    const page = pathOf(link.parent, served);
    if (link.parent) perPage.set(page, (perPage.get(page) ?? 0) + 1);
  }
  const rows = [...perPage].sort().map(([page, references]) => ({ page, references }));
  return { name: 'Links and references', rows, failures };
}

const pathOf = (url: string | undefined, served: string) => (url ?? '(start)').replace(served, '') || '/';

function reason(link: { status?: number; failureDetails?: unknown[] }): string {
  const detail = link.failureDetails?.find((item): item is Error => item instanceof Error)?.message;
  return detail ?? (link.status ? `HTTP ${link.status}` : 'no answer');
}
