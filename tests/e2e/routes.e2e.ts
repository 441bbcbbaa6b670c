import { existsSync, readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';

const config = loadConfig();

const name = config.productName;

test('each route answers with its title', async ({ page }) => {
  for (const [path, title] of [
    ['/', name],
    ['/privacy', `${name} Privacy`],
    ['/privacy/', `${name} Privacy`],
    ['/terms', `${name} Terms`],
    ['/terms/', `${name} Terms`],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(title);
  }
});

// A host that looks for a folder first (Apache's DirectorySlash, nginx's `try_files $uri $uri/ $uri.html`) answers an
// address that is also a folder with a redirect to the folder, which has no page.
test('no page is at an address that is also a folder, so any static host serves every page', async ({ page }) => {
  const pages = readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  expect(pages).toContain('legal/privacy/history.html');
  for (const file of pages) {
    const path = `/${file.replace(/(index)?\.html$/, '')}`;
    // A folder's own index page (`/`, `/es/`) is the one page a folder may be.
    expect(existsSync(`dist${path}`) && !path.endsWith('/'), `${path} is a page and a folder`).toBe(false);
    if (file.endsWith('404.html')) continue; // each language's 404 page answers only as an error
    expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
});

for (const [hash, path, heading] of [
  ['#/privacy', '/privacy', /Privacy Policy/],
  ['#/terms', '/terms', /Terms of Service/],
] as const) {
  test(`/${hash} lands on ${path} without painting the landing page first`, async ({ page }) => {
    // Runs in every document before its own scripts: remembers whether a landing-page frame was ever about to paint.
    await page.addInitScript(() => {
      const check = () => {
        if (document.querySelector('[data-page="landing"]') && !document.documentElement.hidden) {
          sessionStorage.setItem('landing-painted', location.href);
        }
      };
      requestAnimationFrame(check);
      document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(check));
    });
    // A plain page of the site first, so that "back" has somewhere to go.
    await page.goto('/terms');
    // Hold the legal page back a moment: long enough for the landing page to paint if it were going to.
    await page.route(`**${path}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto(`/${hash}`);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(await page.evaluate(() => sessionStorage.getItem('landing-painted'))).toBeNull();

    // The hash address was replaced in history: going back leaves it entirely.
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
  });
}

test('an unknown path gets the 404 page with status 404, and a way home', async ({ page }) => {
  for (const path of ['/no-such-page', '/no/such/page/']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveTitle(name);
});
