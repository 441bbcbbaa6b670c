import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { legalPage, legalPages as readLegalPages } from 'legal-record';
import { fullRunUnless } from './support/tiers.ts';

const legalPages = readLegalPages(loadConfig().features);

/**
 * The legal pages as a student reads them on a phone: at 375 px no table wider than the page nor more than three
 * columns side by side. (The word and sentence limits are the build's legal check: packages/legal/src/check/readability.ts.)
 */
const maxColumnsSideBySide = 3;
const phone = { width: 375, height: 812 };

/** Each table's width against the page's, and the most cells any of its rows shows side by side. */
const tables = (page: Page) =>
  page.evaluate(() => {
    const pageWidth = document.documentElement.clientWidth;
    return [...document.querySelectorAll('main table')].map((table) => {
      const box = table.getBoundingClientRect();
      // Column names kept for screen readers only sit in a clipped 1 px box: not shown, so not side by side.
      const shown = (cell: Element) => {
        for (let box = cell.parentElement; box && box !== table; box = box.parentElement) {
          const { width, height } = box.getBoundingClientRect();
          if (getComputedStyle(box).overflow === 'hidden' && (width <= 1 || height <= 1)) return false;
        }
        return true;
      };
      const sideBySide = [...table.querySelectorAll('tr')].map((row) => {
        const cells = [...row.querySelectorAll('td, th')]
          .filter(shown)
          .map((cell) => cell.getBoundingClientRect())
          .filter((rect) => rect.width > 1 && rect.height > 1);
        // Cells side by side share a line: count those whose top is the first visible cell's.
        return cells.filter((rect) => Math.abs(rect.top - (cells[0]?.top ?? 0)) < 1).length;
      });
      return {
        label: table.closest('[aria-labelledby]')?.getAttribute('aria-labelledby') ?? 'table',
        fits: box.left >= -0.5 && box.right <= pageWidth + 0.5,
        columns: Math.max(0, ...sideBySide),
      };
    });
  });

for (const legal of legalPages) {
  test(
    `${legal.path} at 375 px: no table wider than the page, none with more than three columns side by side`,
    fullRunUnless(legal.kind === 'privacy' || legal.kind === 'health-data'),
    async ({ page }) => {
      await page.setViewportSize(phone);
      await page.goto(legal.path);
      const found = await tables(page);
      if (legal.kind === 'privacy') expect(found.length).toBeGreaterThan(0);
      for (const table of found) {
        expect(table.fits, `#${table.label} fits the page`).toBe(true);
        expect(table.columns, `#${table.label} columns side by side`).toBeLessThanOrEqual(maxColumnsSideBySide);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    },
  );
}

test.describe('the checks can fail', () => {
  // The page's Content-Security-Policy would refuse the style that breaks the layout.
  test.use({ bypassCSP: true });

  test('a table laid out as a table on a phone', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto(legalPage('privacy').path);
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = `.legal-table table { display: table !important; width: 60rem; }
      .legal-table tbody { display: table-row-group !important; } .legal-table tr { display: table-row !important; }
      .legal-table td { display: table-cell !important; }`;
      document.head.append(style);
    });
    const ccpa = (await tables(page)).find((table) => table.label === 'ccpa-categories')!;
    expect(ccpa.columns).toBeGreaterThan(maxColumnsSideBySide);
    expect(ccpa.fits).toBe(false);
  });
});
