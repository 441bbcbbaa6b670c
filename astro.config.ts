import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { monitoringBuildDefines } from './src/lib/monitoring/settings.ts';
import { site } from './src/integrations/site.ts';
import { afterLoadDirective } from './src/integrations/afterLoadDirective.ts';
import { legal } from 'legal-record';

export default defineConfig({
  output: 'static',
  // `/privacy` is written as privacy.html, which every static host and our nginx configuration serve at `/privacy`;
  // a language's home is its folder's index (es/index.html at `/es/`), since `/es/` is also the folder of its pages.
  build: { format: 'preserve', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  integrations: [
    // First: validates site.config.ts once, and sets from it the site's address, its languages, each page's
    // Content-Security-Policy, the sitemap and the steps that finish dist/ (src/integrations/site.ts).
    site(),
    // Then the legal pages' routes; a production build with unapproved legal text stops before anything is built,
    // unless LEGAL_DRAFTS=1 builds it as marked drafts (a preview, docs/deploy.md).
    legal({ drafts: process.env.LEGAL_DRAFTS === '1' }),
    react(),
    afterLoadDirective(),
  ],
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
