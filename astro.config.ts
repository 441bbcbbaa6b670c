import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
// Importing the config validates it: a bad value stops the build here, naming the field.
import { config } from './src/lib/config.ts';
import { monitoringBuildDefines } from './src/lib/monitoring/settings.ts';
import { afterLoadDirective } from './src/integrations/afterLoadDirective.ts';
import { hoistIslandStyle } from './src/integrations/hoistIslandStyle.ts';
import { consentScreenshotPlugin, legalTablesPlugin, legalTokensPlugin } from './src/lib/legal/markdownPlugins.node.ts';
import { noDotfiles } from './src/integrations/noDotfiles.ts';
import { precompressBuild } from './src/integrations/precompress.ts';
import { pagePolicyIntegration } from './src/integrations/pagePolicy.ts';

export default defineConfig({
  site: config.siteUrl,
  output: 'static',
  // `/privacy` is written as privacy.html, which every static host and our nginx configuration serve at `/privacy`.
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  integrations: [
    react(),
    afterLoadDirective(),
    hoistIslandStyle(),
    // The sitemap lists the pages (not the 404 page) at the configured site URL; robots.txt points at it.
    sitemap({ filter: (page) => !page.includes('/404') }),
    // Before anything reads dist/ to ship it: a `.env` or `.DS_Store` from public/ is never published.
    noDotfiles(),
    // After every hook that edits the HTML: each page's CSP hashes its inline code as it ships.
    pagePolicyIntegration(),
    // After the headers: writes .br and .gz copies of the files as they ship (nginx serves them as they are).
    precompressBuild(),
  ],
  // The legal Markdown's `{ #id }` anchors, tokens, data-practices blocks and table regions (markdownPlugins.ts).
  markdown: {
    processor: satteri({
      mdastPlugins: [legalTokensPlugin],
      hastPlugins: [legalTablesPlugin, consentScreenshotPlugin],
      features: { headingAttributes: true },
    }),
  },
  server: { host: '127.0.0.1', port: 4321 },
  devToolbar: { enabled: false },
  vite: {
    define: monitoringBuildDefines,
    // The 3D scene's worker is a module worker (src/components/LiveScene.tsx), a file of this site like any other.
    worker: { format: 'es' },
  },
});
