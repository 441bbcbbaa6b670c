import { statSync } from 'node:fs';
import { defineConfig, envField } from 'astro/config';
import compressor, { defaultFileExtensions, defaultFileFilter } from 'astro-compressor';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { deployFields, envName, siteConfig } from './src/config/index.ts';
import { isInvitePage } from './src/lib/invite/invite.ts';
import { defaultLocale } from './src/lib/i18n.ts';
import { publicPath } from './src/lib/head.ts';
import { monitoringBuildDefines } from './src/lib/monitoring/settings.ts';
import { site } from './src/integrations/site.ts';
import { afterLoadDirective } from './src/integrations/afterLoadDirective.ts';
import { legalApprovals } from './src/integrations/legalApprovals.ts';
import { finishDistIntegration } from './src/integrations/finishDist.ts';

/** The site's languages (site.config.ts `languages`): English at today's addresses, the others under `/<locale>/`. */
const { languages } = siteConfig();

const compressible = new Set([...defaultFileExtensions, '.json', '.webmanifest', '.wasm', '.glb']);

export default defineConfig({
  output: 'static',
  // `/privacy` is written as privacy.html, which every static host and our nginx configuration serve at `/privacy`;
  // a language's home is its folder's index (es/index.html at `/es/`), since `/es/` is also the folder of its pages.
  build: { format: 'preserve', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  // Astro's own i18n routing: the pages of the other languages are src/pages/[locale]/, built for each of them
  // (src/lib/localeRoutes.node.ts). No fallback: an address with no page in a language is a 404 in that language,
  // never the English page under its address.
  i18n: { defaultLocale, locales: languages, routing: { prefixDefaultLocale: false } },
  integrations: [
    // First: validates site.config.ts, and sets the site's address and each page's Content-Security-Policy from it.
    site(),
    // Then: a production build with unapproved legal text stops before anything is built.
    legalApprovals(),
    react(),
    afterLoadDirective(),
    // The sitemap lists the pages (not the 404 page, nor the legal pages' histories and versions under /legal/, nor
    // the invite page) at the configured site URL; robots.txt points at it.
    // Each page listed with its other languages' addresses (xhtml:link hreflang), found by their `/<locale>/` prefix.
    sitemap({
      filter: (page) => !/\/404|\/legal\//.test(page) && !isInvitePage(new URL(page).pathname, siteConfig()),
      ...(languages.length > 1 && {
        i18n: { defaultLocale, locales: Object.fromEntries(languages.map((locale) => [locale, locale])) },
      }),
      // Each address as the page's head names it (src/lib/head.ts: `/es/`), and x-default, the English page.
      serialize: (item) => {
        const named = (url: string) => new URL(publicPath(new URL(url).pathname), url).href;
        const links = item.links?.map((link) => ({ ...link, url: named(link.url) }));
        const english = links?.find((link) => link.lang === defaultLocale);
        return {
          ...item,
          url: named(item.url),
          ...(links && { links: english ? [...links, { lang: 'x-default', url: english.url }] : links }),
        };
      },
    }),
    // Every change to dist/ (dotfiles, the hosts' files), in its own order, once every other integration has written.
    finishDistIntegration(),
    // Last: .br (brotli 11) and .gz (gzip 9) copies of every file as it ships, which nginx sends as they are
    // (brotli_static, gzip_static). Under 256 bytes a copy saves less than its headers cost (gzip_min_length).
    compressor({
      zstd: false,
      hooks: {
        fileFilter: ({ filePath, logger }) =>
          defaultFileFilter(compressible, filePath, logger) && statSync(filePath).size >= 256,
      },
    }),
  ],
  // The values a deploy sets as variables (src/config/index.ts reads and validates them with the rest of the config).
  env: {
    schema: Object.fromEntries(
      deployFields.map((field) => [
        envName(field),
        envField.string({ context: 'server', access: 'public', optional: true }),
      ]),
    ),
  },
  server: { host: '127.0.0.1', port: 4321 },
  devToolbar: { enabled: false },
  // No page shows code; Shiki's inline styles would need 'unsafe-inline'.
  markdown: { syntaxHighlight: false },
  vite: {
    define: monitoringBuildDefines,
    // The 3D scene's worker is a module worker (src/components/LiveScene.tsx), a file of this site like any other.
    worker: { format: 'es' },
  },
});
