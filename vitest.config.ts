import { defineConfig } from 'vitest/config';

/**
 * Two tiers (end to end is Playwright's, playwright.config.ts):
 * - unit (`npm run test:unit`): seconds, no build, no system package, nothing that needs ffmpeg, Chromium or nginx;
 * - integration (`npm run test:integration`): builds the site, runs ffmpeg and Chromium; its npm script
 *   installs the Debian packages first (scripts/ensure-system-deps.ts), the tests never do.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
