import { expect, test } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { colors } from '../../src/lib/theme.ts';
import { expectNoAxeViolations } from './support/page-health.ts';
import { fullRunUnless } from './support/tiers.ts';

const config = loadConfig();

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

for (const width of [375, 1280]) {
  test(
    `the 404 page wears the brand and leads home at ${width} px, still answered with 404`,
    fullRunUnless(width === 375),
    async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(`Page not found · ${config.productName}`);
      await expect(page.locator('body')).toHaveCSS('background-color', rgb(colors.espresso));
      await expect(page.locator('body')).toHaveCSS('color', rgb(colors.cream));
      const heading = page.getByRole('heading', { level: 1, name: 'Page not found' });
      await expect(heading).toHaveCSS('font-family', /Fraunces/);
      expect(await page.evaluate(() => document.fonts.check('700 1em Fraunces'))).toBe(true);
      await expect(page.getByRole('link', { name: config.productName })).toHaveAttribute('href', '/');
      const home = page.getByRole('link', { name: 'Back to Home' });
      await expect(home).toBeInViewport();
      await expect(home).toHaveCSS('background-color', rgb(colors.tomato));
      // The same head as every page: description, theme colour, icons, the legal links.
      for (const selector of ['meta[name="description"]', 'meta[name="theme-color"]', 'link[rel="privacy-policy"]']) {
        await expect(page.locator(selector)).toHaveCount(1);
      }
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/not-found-${width}.png` });
      await home.click();
      await expect(page).toHaveURL('/');
    },
  );
}
