import type { AstroIntegration } from 'astro';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The rule Astro writes into the body before a page's first island. */
export const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Moves Astro's island style from the body to the head, where HTML permits `<style>`; the page is otherwise untouched. */
export function hoistIslandStyleIn(html: string): string {
  if (!html.includes(islandStyle)) return html;
  return html.replace(islandStyle, '').replace('</head>', `${islandStyle}</head>`);
}

/** Applies `hoistIslandStyleIn` to every built page, so the output passes HTML validation. */
export function hoistIslandStyle(): AstroIntegration {
  return {
    name: 'hoist-island-style',
    hooks: {
      'astro:build:done': async ({ dir, pages }) => {
        for (const { pathname } of pages) {
          const file = fileURLToPath(new URL(`${pathname.replace(/\/$/, '') || 'index'}.html`, dir));
          const html = await readFile(file, 'utf8').catch(() => undefined);
          if (html !== undefined) await writeFile(file, hoistIslandStyleIn(html));
        }
      },
    },
  };
}
