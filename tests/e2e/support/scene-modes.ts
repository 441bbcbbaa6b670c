import type { Page } from '@playwright/test';

/**
 * Records every mode the 3D scene's slot goes through (`data-scene`: still, loading, live), from the first paint on.
 * The server renders 'still', so a test that wants "the scene tried and handed back to the still" must see
 * 'loading' before the final 'still'; a bare check for 'still' would pass before the island even started.
 */
export async function recordSceneModes(page: Page) {
  await page.addInitScript(() => {
    const modes: string[] = [];
    (window as unknown as { sceneModes: string[] }).sceneModes = modes;
    new MutationObserver((records) => {
      for (const record of records) {
        const mode = (record.target as Element).getAttribute('data-scene');
        if (mode && modes.at(-1) !== mode) modes.push(mode);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-scene'] });
  });
  return () => page.evaluate(() => (window as unknown as { sceneModes: string[] }).sceneModes);
}
