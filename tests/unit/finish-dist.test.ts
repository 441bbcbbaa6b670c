/**
 * The step that finishes dist/ (src/integrations/finishDist.ts) runs before the compressor, so no compressed copy is
 * made of a file it leaves out or of a page before it is finished. What it does is checked where it shows: dotfiles in
 * a real build (config-build.test.ts), the island style by html-validate over dist/, the host files by headers.test.ts.
 */
import type { AstroIntegration } from 'astro';
import { expect, it } from 'vitest';
import astroConfig from '../../astro.config.ts';

it('astro.config.ts registers it after every other integration that works on dist/ but the compressor, which is last', () => {
  const withBuildDone = (astroConfig.integrations ?? [])
    .flat()
    .filter((integration): integration is AstroIntegration => Boolean(integration))
    .filter((integration) => 'astro:build:done' in integration.hooks)
    .map((integration) => integration.name);
  expect(withBuildDone).toContain('@astrojs/sitemap');
  expect(withBuildDone.slice(-2)).toEqual(['finish-dist', 'astro-compressor']);
});
