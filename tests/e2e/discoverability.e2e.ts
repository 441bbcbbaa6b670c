import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { loadConfig } from '../../src/config/index.ts';
import { googlePlayUrl } from '../../src/lib/appLinks.ts';
import { localeOf, localePath } from '../../src/lib/i18n.ts';
import { pageTable } from '../../src/lib/pageTable.node.ts';
import { fullRun } from './support/tiers.ts';

const config = loadConfig();

// Home, every legal page of the list and the support page, and each in the other languages where it has a translation.
const table = pageTable(config);
const pages = table.filter(({ indexed }) => indexed).flatMap(({ paths }) => Object.values(paths));

/** The head as a crawler reads it: from the server's HTML, without running scripts. */
async function headOf(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  await page.setContent(html.replace(/<script(?![^>]*ld\+json)[\s\S]*?<\/script>/g, ''));
  return page.evaluate(() => {
    const all = (selector: string) => [...document.querySelectorAll(selector)];
    const metas = (key: string) =>
      all(`meta[name="${key}"], meta[property="${key}"]`).map((el) => el.getAttribute('content'));
    return {
      titles: all('title').map((el) => el.textContent),
      descriptions: metas('description'),
      canonicals: all('link[rel="canonical"]').map((el) => el.getAttribute('href')),
      og: Object.fromEntries(
        ['og:title', 'og:description', 'og:url', 'og:image', 'og:image:width', 'og:image:height', 'og:image:alt'].map(
          (key) => [key, metas(key)],
        ),
      ),
      twitter: Object.fromEntries(['twitter:card', 'twitter:image', 'twitter:title'].map((key) => [key, metas(key)])),
      lang: document.documentElement.lang,
      themeColor: metas('theme-color'),
      privacyLink: all('link[rel="privacy-policy"]').map((el) => el.getAttribute('href')),
      termsLink: all('link[rel="terms-of-service"]').map((el) => el.getAttribute('href')),
      icons: all('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]').map((el) =>
        el.getAttribute('href'),
      ),
      smartBanner: metas('apple-itunes-app'),
      jsonLd: all('script[type="application/ld+json"]').map((el) => JSON.parse(el.textContent ?? 'null')),
    };
  });
}

test('every page has one title, description and canonical, Open Graph and Twitter tags with absolute URLs', async ({
  page,
}) => {
  // Each page its own description, in each language (a language copied from another may share them across).
  const descriptions = new Set<string>();
  for (const path of pages) {
    const head = await headOf(page, path);
    expect(head.titles, path).toHaveLength(1);
    expect(head.descriptions, path).toHaveLength(1);
    descriptions.add(`${head.lang} ${head.descriptions[0] ?? ''}`);
    expect(head.canonicals, path).toEqual([new URL(path, config.siteUrl).href]);
    for (const [key, values] of Object.entries({ ...head.og, ...head.twitter })) {
      expect(values, `${path} ${key}`).toHaveLength(1);
    }
    expect(head.og['og:url']).toEqual(head.canonicals);
    const { locale } = localeOf(path, config.languages);
    // The social card of the page's language (`/es/social-card.png`), in its words.
    expect(head.og['og:image']?.[0]).toBe(new URL(localePath(locale, '/social-card.png'), config.siteUrl).href);
    expect(head.og['og:image:width']).toEqual(['1200']);
    expect(head.og['og:image:height']).toEqual(['630']);
    expect(head.og['og:image:alt']?.[0]).toContain(config.productName);
    expect(head.twitter['twitter:card']).toEqual(['summary_large_image']);
    expect(head.lang, path).toBe(locale);
    expect(head.themeColor).toHaveLength(1);
    // The policy in the page's language where it has one; the SMS terms are English only.
    const { paths } = table.find(({ kind }) => kind === 'privacy')!;
    const privacy = paths[locale] ?? paths.en;
    expect(head.privacyLink, path).toEqual([privacy]);
    expect(head.termsLink, path).toEqual(['/terms']);
    expect(head.smartBanner).toEqual([`app-id=${/\/id(\d+)/.exec(config.appStoreUrl)?.[1]}`]);
    for (const icon of head.icons) expect((await page.request.get(icon ?? '')).status(), icon ?? '').toBe(200);
  }
  expect(descriptions.size).toBe(pages.length);
});

test('the landing page describes the organisation and the app in JSON-LD, from config', async ({ page }) => {
  const { jsonLd } = await headOf(page, '/');
  const organization = jsonLd.find((item) => item['@type'] === 'Organization');
  const app = jsonLd.find((item) => item['@type'] === 'MobileApplication');
  expect(organization).toMatchObject({
    name: config.productName,
    email: config.contactEmail,
    sameAs: config.social.map((network) => network.url),
  });
  expect(app).toMatchObject({
    name: config.productName,
    // The Android app too where the config has one.
    ...(config.androidPackage
      ? { operatingSystem: 'iOS, Android', installUrl: [config.appStoreUrl, googlePlayUrl(config.androidPackage)] }
      : { operatingSystem: 'iOS', installUrl: config.appStoreUrl }),
    applicationCategory: expect.any(String),
    description: expect.stringContaining(config.tagline),
  });
});

test("each language's social card is a 1200x630 PNG", async ({ page }) => {
  for (const locale of config.languages) {
    const response = await page.request.get(localePath(locale, '/social-card.png'));
    expect(response.headers()['content-type'], locale).toContain('image/png');
    const png = PNG.sync.read(await response.body());
    expect([png.width, png.height], locale).toEqual([1200, 630]);
  }
});

test('the manifest, sitemap and robots.txt are built from the configured site', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: config.productName, start_url: '/' });
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${config.siteUrl}/sitemap-index.xml`);
  const index = await (await page.request.get('/sitemap-index.xml')).text();
  const sitemap = await (await page.request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)?.[1] ?? '').pathname)).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(urls.sort()).toEqual(pages.map((path) => new URL(path, config.siteUrl).href).sort());
});

test('on a wide screen a QR code beside the download button opens the App Store listing', fullRun, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Scan with your phone')).toBeVisible();
  await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(config.appStoreUrl);
});

test('hides the QR code on a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Download on App Store' })).toBeAttached();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeHidden();
});

test.describe('on a touch device', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 1280, height: 800 } });

  test('hides the QR code even on a wide screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('img', { name: /QR code/ })).toBeHidden();
  });
});
