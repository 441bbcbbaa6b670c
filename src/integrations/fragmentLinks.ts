/**
 * Every same-site link with a fragment in the built pages (`/terms#stop`, `#delete-account`, `/es/privacy#retention`)
 * points at an id of the page it opens, as the hosts serve it (`/privacy` is dist/privacy.html): a support answer, a
 * quick action or a legal page that links a section the version in effect does not have stops the build
 * (docs/legal-pages.md#links-between-pages). A hash route (`#/privacy`) names no element and is left alone. A link to
 * a page with no fragment (`/guidelines`) opens a page of the build too: a link left to a page not published (its
 * feature switched off, docs/legal-pages.md#features) stops the build. A link to a file (`/sitemap-index.xml`) is not
 * a page, and left alone.
 */
import { decodeHTML } from 'entities';

/** The ids of a page's elements: what a fragment can open. */
export const idsIn = (html: string) =>
  new Set([...html.matchAll(/<[a-z][^>]*?\sid="([^"]*)"/gi)].map(([, id]) => decodeHTML(id!)));

/** The href of every link of a page. */
const linkHrefs = (html: string) =>
  [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/gi)].map(([, href]) => decodeHTML(href!));

/** The address a host serves a built file at: `privacy.html` is `/privacy`, `es/index.html` is `/es/`. */
export const addressOf = (file: string) =>
  `/${file
    .split(/[\\/]/)
    .join('/')
    .replace(/(^|\/)index\.html$/, '$1')
    .replace(/\.html$/, '')}`;

/** The built address a path opens: `/es` and `/es/` are the same page, as `/privacy` and `/privacy.html`. */
const addressKeys = (path: string) => {
  const bare = path.replace(/\.html$/, '').replace(/\/index$/, '/');
  return [bare, bare.endsWith('/') ? bare.slice(0, -1) || '/' : `${bare}/`];
};

/** Edit distance, to name the ids a mistyped or renamed one was probably meant to be. */
function distance(a: string, b: string) {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

const closest = (id: string, ids: Set<string>) =>
  [...ids]
    .map((each) => ({ each, far: distance(id, each) }))
    .sort((a, b) => a.far - b.far || a.each.localeCompare(b.each))
    .slice(0, 3)
    .map(({ each }) => `#${each}`);

/**
 * The links of `pages` (each built page's HTML by its address) that open no page of them, or whose fragment names no
 * id of their target, one line each: the page that links, the href, and the target's closest ids. `origin` is the site's own (config.siteUrl), so
 * an absolute link to the site is checked too; `moved` maps a moved page's former addresses to its address.
 */
export function brokenFragmentLinks(
  pages: Map<string, string>,
  origin: string,
  moved: ReadonlyMap<string, string> = new Map(),
): string[] {
  const ids = new Map([...pages].map(([address, html]) => [address, idsIn(html)]));
  const failures: string[] = [];
  for (const [address, html] of pages) {
    for (const href of new Set(linkHrefs(html))) {
      const url = new URL(href, `${origin}${address}`);
      const id = decodeURIComponent(url.hash.slice(1));
      if (url.origin !== origin || id.startsWith('/')) continue;
      // A file (an image, the sitemap) is no page of the build.
      if (!id && /\.\w+$/.test(url.pathname) && !url.pathname.endsWith('.html')) continue;
      // A moved legal page's former address leads to it, fragment and all (formerPaths.node.ts).
      const path =
        addressKeys(url.pathname)
          .map((each) => moved.get(each))
          .find(Boolean) ?? url.pathname;
      const key = addressKeys(path).find((each) => ids.has(each));
      const target = key && ids.get(key);
      if (!target) failures.push(`${address} links "${href}": no page of the build is at ${url.pathname}`);
      else if (id && !target.has(id)) {
        const near = closest(id, target);
        failures.push(
          `${address} links "${href}": ${key} has no id "${id}"${near.length ? `; its closest: ${near.join(', ')}` : ''}`,
        );
      }
    }
  }
  return failures;
}
