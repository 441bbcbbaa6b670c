/**
 * The site's own integration, the one door of its configuration: it validates site.config.ts once, before anything is
 * built (a bad value stops the build naming the field), and hands Astro what follows from it: the site's address, its
 * languages, each page's Content-Security-Policy (src/lib/headers.ts's directives with the hashes of what Astro and
 * src/components/InlineCode.astro emit), the sitemap and the steps that finish dist/. Pages, layouts, components and
 * the content loaders import the same value as `virtual:site/config`, which unit tests mock (vitest.config.ts).
 */
import { statSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import compressor, { defaultFileExtensions, defaultFileFilter } from 'astro-compressor';
import sitemap from '@astrojs/sitemap';
import { configOrExit, type SiteConfig } from '../config/index.ts';
import { pageDirectives } from '../lib/headers.ts';
import { defaultLocale } from '../lib/i18n.ts';
import { publicPath } from '../lib/head.ts';
import { isInvitePage } from '../lib/invite/invite.ts';
import { pageTable, sitePageAt } from '../lib/pageTable.node.ts';
import { finishDistIntegration } from './finishDist.ts';

const virtualId = 'virtual:site/config';

const compressible = new Set([...defaultFileExtensions, '.json', '.webmanifest', '.wasm', '.glb']);

/**
 * The sitemap: every page at the configured address, as the page's head names it (src/lib/head.ts: `/es/`), each with
 * its address in every language it exists in and x-default, the English one (src/lib/pageTable.node.ts).
 */
const siteMap = (config: SiteConfig) =>
  sitemap({
    // Not the 404 pages, nor the legal pages' histories and versions under /legal/, nor the invite page.
    filter: (page) => !/\/404|\/legal\//.test(page) && !isInvitePage(new URL(page).pathname, config),
    serialize: (item) => {
      const path = publicPath(new URL(item.url).pathname, config.languages);
      const url = (to: string) => new URL(to, config.siteUrl).href;
      const pairs = Object.entries(sitePageAt(pageTable(config), path)?.paths ?? {});
      const links = pairs.map(([lang, to]) => ({ lang, url: url(to) }));
      const english = links.find((link) => link.lang === defaultLocale);
      return {
        ...item,
        url: url(path),
        ...(links.length > 1 && english && { links: [...links, { lang: 'x-default', url: english.url }] }),
      };
    },
  });

export function site(): AstroIntegration {
  return {
    name: 'site',
    hooks: {
      'astro:config:setup': ({ updateConfig, addWatchFile }) => {
        const config = configOrExit();
        // `astro dev` restarts on an edit of the config, and so validates it again.
        addWatchFile(new URL('../../site.config.ts', import.meta.url));
        updateConfig({
          site: config.siteUrl,
          // English at today's addresses, every other language under `/<locale>/`. No fallback: an address with no
          // page in a language is a 404 in that language, never the English page under its address.
          i18n: {
            defaultLocale,
            locales: config.languages,
            routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false, fallbackType: 'redirect' },
          },
          security: { csp: { algorithm: 'SHA-256', directives: [...pageDirectives(config)] } },
          vite: {
            plugins: [
              {
                name: 'site-config',
                resolveId: (id: string) => (id === virtualId ? `\0${virtualId}` : undefined),
                load: (id: string) =>
                  id === `\0${virtualId}` ? `export default ${JSON.stringify(config)};` : undefined,
              },
            ],
          },
          // After every other integration, in this order: the sitemap; every change to dist/ (dotfiles, the hosts'
          // files), which must see the sitemap; last, .br (brotli 11) and .gz (gzip 9) copies of every file as it
          // ships, which nginx sends as they are. Under 256 bytes a copy saves less than its headers cost.
          integrations: [
            siteMap(config),
            finishDistIntegration(config),
            compressor({
              zstd: false,
              hooks: {
                fileFilter: ({ filePath, logger }) =>
                  defaultFileFilter(compressible, filePath, logger) && statSync(filePath).size >= 256,
              },
            }),
          ],
        });
      },
    },
  };
}
