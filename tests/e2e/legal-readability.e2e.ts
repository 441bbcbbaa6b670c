import { expect, test, type Page } from '@playwright/test';
import { legalPage, legalPages as readLegalPages } from '../../src/lib/legal/pages.node.ts';

const legalPages = readLegalPages();

/**
 * The legal pages as a student reads them on a phone: the privacy policy in at most 2,500 words of main text (the
 * summary, the summary at a glance and the quick actions counted; the table of contents, which is navigation, not),
 * no sentence over 35 words, and at 375 px no table wider than the page nor more than three columns side by side.
 */
const maxWords = 2500;
const maxSentenceWords = 35;
const maxColumnsSideBySide = 3;
const phone = { width: 375, height: 812 };

/** The words of the `<main>` text without its navigation, and its longest sentence, as the browser lays it out. */
const reading = (page: Page) =>
  page.evaluate(() => {
    const toc = document.querySelector<HTMLElement>('main nav.legal-toc');
    if (toc) toc.style.display = 'none';
    const text = document.querySelector('main')!.innerText;
    if (toc) toc.style.display = '';
    const words = (part: string) => part.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
    // A sentence ends at . ! or ? before a capital or a quotation mark, and at every line or table cell.
    const sentences = text.split(/[\n\t]|(?<=[.!?][”"’)]?)\s+(?=[A-Z“"‘(])/).filter((part) => part.trim());
    const longest = sentences.reduce((a, b) => (words(b) > words(a) ? b : a), '');
    return { words: words(text), longest: longest.trim(), longestWords: words(longest) };
  });

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

test('the privacy policy: at most 2,500 words of main text, no sentence over 35 words', async ({ page }) => {
  await page.goto(legalPage('privacy').path);
  const { words, longest, longestWords } = await reading(page);
  expect(words).toBeLessThanOrEqual(maxWords);
  expect(longestWords, longest).toBeLessThanOrEqual(maxSentenceWords);
});

for (const legal of legalPages) {
  test(`${legal.path} at 375 px: no table wider than the page, none with more than three columns side by side`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto(legal.path);
    const found = await tables(page);
    if (legal.kind === 'privacy') expect(found.length).toBeGreaterThan(0);
    for (const table of found) {
      expect(table.fits, `#${table.label} fits the page`).toBe(true);
      expect(table.columns, `#${table.label} columns side by side`).toBeLessThanOrEqual(maxColumnsSideBySide);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });
}

test.describe('the checks can fail', () => {
  // The page's Content-Security-Policy would refuse the style that breaks the layout.
  test.use({ bypassCSP: true });

  test('a long sentence, and a table laid out as a table on a phone', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto(legalPage('privacy').path);
    await page.evaluate(() => {
      const paragraph = document.createElement('p');
      paragraph.textContent = `${'word '.repeat(40)}end.`;
      document.querySelector('.legal-body')!.append(paragraph);
      const style = document.createElement('style');
      style.textContent = `.legal-table table { display: table !important; width: 60rem; }
      .legal-table tbody { display: table-row-group !important; } .legal-table tr { display: table-row !important; }
      .legal-table td { display: table-cell !important; }`;
      document.head.append(style);
    });
    expect((await reading(page)).longestWords).toBeGreaterThan(maxSentenceWords);
    const ccpa = (await tables(page)).find((table) => table.label === 'ccpa-categories')!;
    expect(ccpa.columns).toBeGreaterThan(maxColumnsSideBySide);
    expect(ccpa.fits).toBe(false);
  });
});
