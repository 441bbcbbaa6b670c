import { defineConfig } from 'vitest/config';

const integration = { testTimeout: 120_000, hookTimeout: 300_000 };
const slow = 'tests/integration/{media,footage,lighthouse-gates,legal-moved,rebrand,rich-owner}.test.ts';
/**
 * The full tier in three rounds, each project's files side by side: an owner's copy beside an ffmpeg or rendering job,
 * never two copies' end-to-end runs at once, and the Lighthouse gates, which judge scores, alone. (Vitest runs
 * projects of one `groupOrder` together, and its workers are the group's.)
 */
const fullRounds = [
  { files: ['rebrand', 'media'], workers: 2 },
  { files: ['rich-owner', 'footage', 'legal-moved'], workers: 2 },
  { files: ['lighthouse-gates'], workers: 1 },
];

/**
 * Three tiers (end to end is Playwright's, playwright.config.ts):
 * - unit (`npm run test:unit`): seconds, no build, no system package, nothing that needs ffmpeg, Chromium or nginx;
 * - integration (`npm run test:integration`, in `npm test`): builds copies of the project, two files side by side
 *   (`--maxWorkers=2`: Vitest's default would leave one of two cores idle, and a build keeps mostly one busy; each copy has
 *   its own build caches, tests/support/projectCopy.ts); its npm script installs the Debian packages first
 *   (scripts/ensure-system-deps.ts), the tests never do;
 * - full (`npm run test:integration:full`, in the full run): minutes each, for what few changes can break: the media
 *   and footage pipelines (ffmpeg and software rendering; only scripts/media*, scripts/render-footage.ts or the scene
 *   affect them), the Lighthouse gates seen failing on a build broken on purpose, a moved legal page served by
 *   nginx (two builds and an approval; its rules are unit tests, packages/legal/tests/legal-former-paths.test.ts), and the unit,
 *   integration and chromium end-to-end tiers run in a lean owner's copy (rebrand.test.ts), and the unit and chromium
 *   end-to-end tiers in a richer owner's (rich-owner.test.ts): what breaks them is a test pinning the template's content, which the
 *   template's own run does not see.
 */
export default defineConfig({
  // The config the site integration serves to the build (src/integrations/site.ts), for modules that import it.
  resolve: { alias: { 'virtual:site/config': new URL('tests/support/siteConfig.ts', import.meta.url).pathname } },
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'packages/legal/tests/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [slow],
          ...integration,
        },
      },
      ...fullRounds.map(({ files, workers }, round) => ({
        test: {
          name: `full-${round + 1}`,
          include: files.map((file) => `tests/integration/${file}.test.ts`),
          maxWorkers: workers,
          sequence: { groupOrder: round + 1 },
          ...integration,
        },
      })),
    ],
  },
});
