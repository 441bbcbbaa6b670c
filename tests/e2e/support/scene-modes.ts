import type { Page } from '@playwright/test';

/**
 * Records every mode the 3D scene's slot goes through (`data-scene`: still, loading, live) in `window.sceneModes`,
 * from the moment it runs: before the first paint as an init script (e2e), or before scrolling to the slot (the
 * engine suite, tests/engines/smoke.ts). The server renders 'still', so a test that wants "the scene tried and
 * handed back to the still" must see 'loading' before the final 'still'; a bare check for 'still' would pass before
 * the island even started. Runs in the page: it must not refer to anything outside itself.
 */
export function watchSceneModes() {
  const modes: string[] = [];
  (window as unknown as { sceneModes: string[] }).sceneModes = modes;
  const current = document.querySelector('figure[data-scene]')?.getAttribute('data-scene');
  if (current) modes.push(current);
  new MutationObserver((records) => {
    for (const record of records) {
      const mode = (record.target as Element).getAttribute('data-scene');
      if (mode && modes.at(-1) !== mode) modes.push(mode);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-scene'] });
}

/** Records the modes from the page's first script on; returns a function that reads them. */
export async function recordSceneModes(page: Page) {
  await page.addInitScript(watchSceneModes);
  return () => page.evaluate(() => (window as unknown as { sceneModes: string[] }).sceneModes);
}
