/**
 * The two tiers of the end-to-end suite (playwright.config.ts). A test tagged `fullRun` runs in the full run
 * (`npm run test:full`, after `npm test` in CI), not in `npm test`: it repeats at another width or on another page
 * what an untagged test proves, or it pays for its own build.
 */
export const fullRun = { tag: '@full' };

/** `npm test` keeps the case where `stays` holds; the full run takes the others. */
export const fullRunUnless = (stays: boolean) => (stays ? {} : fullRun);

/** In the full run, after every other test, with none beside it (playwright.config.ts, `full-alone`). */
export const fullRunAlone = { tag: ['@full', '@alone'] };
