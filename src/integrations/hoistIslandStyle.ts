/** The rule Astro writes into the body before a page's first island. */
export const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * Moves Astro's island style from the body to the head, where HTML permits `<style>`, so the pages pass HTML
 * validation; the page is otherwise untouched (run by finishDist.ts).
 */
export function hoistIslandStyleIn(html: string): string {
  if (!html.includes(islandStyle)) return html;
  return html.replace(islandStyle, '').replace('</head>', `${islandStyle}</head>`);
}
