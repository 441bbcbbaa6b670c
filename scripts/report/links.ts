/**
 * Every internal link, anchor and asset reference in the built site resolves to a built file (and, for `#id`, to an
 * element with that id), and every external link is https.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashRoutes } from '../../src/lib/routes.ts';
import type { GateResult } from './types.ts';

/** The built file that answers a site path, as the server maps it: `/privacy` -> privacy.html. */
export function fileForPath(distDir: string, path: string): string | undefined {
  const clean = decodeURIComponent(path).replace(/\/$/, '') || '/index';
  return [clean, `${clean}.html`, `${clean}/index.html`]
    .map((file) => join(distDir, file))
    .find((file) => existsSync(file) && !file.endsWith('/'));
}

const references = (html: string) =>
  [...html.matchAll(/\s(href|src|srcset|poster|content)="([^"]*)"/gi)].flatMap(([, attribute, value = '']) => {
    if (attribute?.toLowerCase() === 'srcset')
      return value.split(',').map((entry) => entry.trim().split(/\s+/)[0] ?? '');
    // `content` only for the image metas that point at files.
    if (attribute?.toLowerCase() === 'content')
      return /^https?:\/\//.test(value) && /\.(png|jpe?g|webp|avif)$/.test(value) ? [value] : [];
    return [value];
  });

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));

export async function linksGate(distDir: string, siteUrl: string): Promise<GateResult> {
  const pages = (await readdir(distDir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  const html = new Map(
    await Promise.all(pages.map(async (page) => [page, await readFile(join(distDir, page), 'utf8')] as const)),
  );
  const site = new URL(siteUrl);
  const rows: GateResult['rows'] = [];
  const failures: string[] = [];
  for (const [page, text] of html) {
    let checked = 0;
    for (const reference of references(text)) {
      if (!reference || /^(mailto|tel|data):/.test(reference)) continue;
      checked++;
      const url = new URL(reference, new URL(`/${page}`, site));
      if (url.origin !== site.origin) {
        if (url.protocol !== 'https:') failures.push(`links ${page}: external link is not https: ${reference}`);
        continue;
      }
      // The specification's hash addresses (`/#/terms`) are routes, resolved by the landing page's head script.
      const hashRoute = url.pathname === '/' ? hashRoutes[url.hash] : undefined;
      if (hashRoute) url.href = new URL(hashRoute, site).href;
      const file = fileForPath(distDir, url.pathname);
      if (!file) {
        failures.push(`links ${page}: ${reference} does not resolve to a built file`);
        continue;
      }
      if (url.hash && file.endsWith('.html')) {
        const target = html.get(file.slice(distDir.length).replace(/^\//, '')) ?? '';
        const id = decodeURIComponent(url.hash.slice(1));
        if (!ids(target).has(id)) failures.push(`links ${page}: ${reference} points at a missing anchor #${id}`);
      }
    }
    rows.push({ page, references: checked });
  }
  return { name: 'Links and references', rows, failures };
}
