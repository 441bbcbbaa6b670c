import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';

/**
 * The end-to-end suite drives Debian's Chromium against the production build (`dist/`), served on 127.0.0.1 by the
 * production nginx configuration (deploy/), so what is tested is what is deployed.
 */
export const port = Number(process.env.E2E_PORT ?? 4322);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'reports/playwright' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: chromiumArgs,
    },
  },
  // Two tiers, one browser. `npm test` runs `chromium`: one test of every behaviour. The full run (`npm run test:full`,
  // after `npm test` in CI) runs `full`: the tests tagged @full, which repeat a behaviour `chromium` already proves on
  // more pages or widths, or guard a rare failure at a high price (a variant build, frames of the 3D scene). Together
  // they are the whole suite: `npx playwright test --list` lists every test in one of the two.
  // The full run's whole-visit gate (tagged @alone too) runs after the rest, with nothing beside it: next to another
  // worker's tests its longest task runs over its budget, alone within it.
  projects: [
    { name: 'chromium', grepInvert: /@full/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'full', grep: /@full/, grepInvert: /@alone/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'full-alone',
      grep: /@alone/,
      dependencies: ['full'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `node_modules/.bin/node scripts/nginx.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
