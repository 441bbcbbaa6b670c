/**
 * The step that finishes dist/ (src/integrations/finishDist.ts) runs after the sitemap and before the compressor, so it
 * sees the sitemap, and no compressed copy is made of a file it leaves out or of a page before it is finished. What it
 * does is checked where it shows: dotfiles in a real build (config-build.test.ts), the island style by html-validate
 * over dist/, the host files by headers.test.ts.
 */
import type { AstroIntegration } from 'astro';
import { expect, it } from 'vitest';
import astroConfig from '../../astro.config.ts';
import { site } from '../../src/integrations/site.ts';

it('the site integration adds the sitemap, then finish-dist, then the compressor, after every integration of astro.config.ts', async () => {
  const added: AstroIntegration[] = [];
  const setup = site().hooks['astro:config:setup']!;
  await setup({
    updateConfig: ({ integrations = [] }) => added.push(...integrations),
    addWatchFile: () => {},
  } as never);
  expect(added.map((integration) => integration.name)).toEqual(['@astrojs/sitemap', 'finish-dist', 'astro-compressor']);
  // Astro appends what an integration adds after the configured list: none of those may work on dist/ after them.
  const configured = (astroConfig.integrations ?? []).flat() as AstroIntegration[];
  expect(configured.filter((integration) => 'astro:build:done' in integration.hooks)).toEqual([]);
});
