import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
// Importing the config validates it: a bad value stops the build here, naming the field.
import { config } from './src/lib/config.ts';
import { monitoringBuildDefines } from './src/lib/monitoring.ts';

export default defineConfig({
  site: config.siteUrl,
  output: 'static',
  // `/privacy` is written as privacy.html, which every static host and our nginx configuration serve at `/privacy`.
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  devToolbar: { enabled: false },
  vite: { define: monitoringBuildDefines },
});
