import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { hoistIslandStyle } from './src/lib/build/hoistIslandStyle.ts';
import { hydrationDirectives } from './src/lib/directives/index.ts';
// Importing the config validates it: a bad value stops the build here, naming the field.
import { config } from './src/lib/config.ts';
import { legalCheck } from './src/lib/legalCheckIntegration.ts';
import { monitoringBuildDefines } from './src/lib/monitoring.ts';

export default defineConfig({
  site: config.siteUrl,
  output: 'static',
  // `/privacy` is written as privacy.html, which every static host and our nginx configuration serve at `/privacy`.
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  integrations: [
    react(),
    hydrationDirectives(),
    hoistIslandStyle(),
    // Fails the build when a legal page misses a clause reviewers check (src/lib/legalRules.ts).
    legalCheck(),
    // The sitemap lists the pages (not the 404 page) at the configured site URL; robots.txt points at it.
    sitemap({ filter: (page) => !page.includes('/404') }),
  ],
  server: { host: '127.0.0.1', port: 4321 },
  devToolbar: { enabled: false },
  vite: { define: monitoringBuildDefines },
});
