import { expect, test } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { legalPages as readLegalPages } from 'legal-record';
import { fullRunUnless } from './support/tiers.ts';

const legalPages = readLegalPages(loadConfig().features);

/** What a visitor tripped on in the legal pages: a link that does not look like one, headings announced in
 * capitals. */

for (const { path } of legalPages) {
  test(
    `${path}: every visible link looks like a link (underlined)`,
    fullRunUnless(path === '/privacy'),
    async ({ page }) => {
      await page.goto(path);
      const links = await page.locator('a[href]').evaluateAll((anchors: HTMLAnchorElement[]) =>
        anchors.map((anchor) => ({
          text: anchor.textContent?.trim() ?? '',
          underlined: getComputedStyle(anchor).textDecorationLine.includes('underline'),
          visible: anchor.getClientRects().length > 0 && !anchor.classList.contains('skip-link'),
        })),
      );
      expect(links.filter((link) => link.visible && !link.underlined).map((link) => link.text)).toEqual([]);
    },
  );
}

test('the summary and contents headings are announced as written, not in capitals', async ({ page }) => {
  await page.goto(legalPages[0]!.path);
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  const headings = nodes
    .filter((node) => !node.ignored && node.role?.value === 'heading')
    .map((node) => node.name?.value ?? '');
  expect(headings).toEqual(expect.arrayContaining(['Summary', 'Contents']));
  expect(headings.filter((name) => /^[A-Z\s]{4,}$/.test(name))).toEqual([]);
});
