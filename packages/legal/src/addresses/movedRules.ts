/**
 * A moved legal page's former address in each host's own words (src/lib/hostFiles.node.ts writes them): a permanent
 * redirect where the host reads rules, and, for a host that reads none, a small page at the address that leads on.
 */
import { escapeUTF8 } from 'entities';
import { tagDirection, type Locale } from '../host.ts';

/** A former address and the page it leads to (packages/legal/src/addresses/formerPaths.node.ts). */
export interface Move {
  from: string;
  to: string;
  /** The page's title, in its language: the words of the link left at the former address. */
  title: string;
  locale: Locale;
}

/** The redirect: 301, as the plain-HTTP server's, since a move is for good and search engines move the page's rank. */
export const movedRule = {
  /** Exact-match locations, which win over every rule of deploy/site.conf; the query is kept. */
  nginx: ({ from, to }: Move) =>
    [from, `${from}/`].map((path) => `location = ${path} {\n  return 301 ${to}$is_args$args;\n}`).join('\n'),
  /** Cloudflare Pages follows it whatever file answers there; Netlify serves that file first (the page below). */
  netlify: ({ from, to }: Move) => `${from}  ${to}  301`,
  vercel: ({ from, to }: Move) => ({ source: from, destination: to, statusCode: 301 }),
};

/**
 * The page at a former address (`/privacy-policy.html`) for a host that reads no rule: it refreshes to the page at
 * once, with no script (the policy allows nothing), names it canonical, stays out of search results, and shows a link
 * for a browser that does not refresh.
 */
export function movedPage({ to, title, locale }: Move, siteUrl: string): string {
  const words = escapeUTF8(title);
  return `<!doctype html>
<html lang="${locale}" dir="${tagDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${to}">
<link rel="canonical" href="${new URL(to, siteUrl).href}">
<title>${words}</title>
</head>
<body>
<p><a href="${to}">${words}</a></p>
</body>
</html>
`;
}
