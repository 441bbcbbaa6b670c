import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { appleAppSiteAssociationPath } from '../../src/lib/appLinks.ts';
import { appStoreId } from '../../src/lib/head.ts';
import { localePath } from '../../src/lib/i18n.ts';
import { loadConfig } from '../../src/config/index.ts';
import { exampleInviteCode, playUrlWithInvite } from '../../src/lib/invite/invite.ts';
import { errorBufferGlobal, settingsElementId } from '../../src/lib/monitoring/settings.ts';
import { headerPolicy } from '../../src/lib/headers.ts';
import { serveStatic } from '../support/staticServer.ts';
import { expectNoAxeViolations, watchPageHealth } from './support/page-health.ts';
import { variantBuild } from './support/variant-build.ts';
import { fullRun, fullRunUnless } from './support/tiers.ts';

const config = loadConfig();

/**
 * The group invite page (docs/requirements.md#invite), over the production nginx configuration. The suite's own build
 * (`dist/`, the shipped config: invites at /join, no Android app) shows the page, the incomplete link and JavaScript
 * off; a second build with app ids and a DSN shows the Play referrer, the Android intent, the QR code, the Apple
 * file's invite path and a page without monitoring. A plain static server with no rewrite shows the invite too.
 */

const invitePath = config.invitePath;
const code = exampleInviteCode(config);
const invite = `${invitePath}/${code}`;
const invited = `You are invited to a group on ${config.productName}`;

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The page's main text, as a person reads it. */
async function mainText(page: Page) {
  return page.locator('main').innerText();
}

test.describe('with the shipped config', () => {
  for (const width of [375, 1280]) {
    test(
      `${invite} shows the code, opens the app at the same address and offers the store, at ${width} px`,
      fullRunUnless(width === 375),
      async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        const problems = watchPageHealth(page);
        const response = await page.goto(invite);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(invited, { useInnerText: true });
        await expect(page.locator('.invite-code')).toHaveText(code);
        const open = page.getByRole('link', { name: 'Open in the app' });
        await expect(open).toHaveAttribute('href', new URL(invite, page.url()).href);
        await expect(page.getByRole('link', { name: 'Download on App Store' })).toHaveAttribute(
          'href',
          config.appStoreUrl,
        );
        await expect(page.getByRole('button', { name: 'Copy invite code' })).toBeVisible();
        await expect(page.getByText('paste the code')).toBeVisible();
        // In the order the issue names: the app, then the stores, then the copy button.
        const [openBox, storeBox, copyBox] = await Promise.all(
          [open, page.getByRole('link', { name: 'Download on App Store' }), page.getByRole('button')].map((item) =>
            item.boundingBox(),
          ),
        );
        expect(openBox!.y).toBeLessThan(storeBox!.y);
        expect(storeBox!.y).toBeLessThan(copyBox!.y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `/tmp/invite-${width}.png`, fullPage: true });
        expect(problems).toEqual([]);
      },
    );
  }

  test('the copy button puts the code on the clipboard and says so', fullRun, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(invite);
    await page.getByRole('button', { name: 'Copy invite code' }).click();
    await expect(page.getByRole('status')).toHaveText(/Copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  for (const path of [`${invitePath}/<script>alert(1)</script>`, `${invitePath}/`, `${invitePath}/AB`]) {
    test(
      `${path} says the link is incomplete, offers the store and echoes nothing`,
      fullRunUnless(path.includes('<')),
      async ({ page }) => {
        const problems = watchPageHealth(page);
        const dialogs: string[] = [];
        page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invite link is incomplete', {
          useInnerText: true,
        });
        await expect(page.getByRole('link', { name: 'Download on App Store' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Open in the app' })).toBeHidden();
        await expect(page.getByRole('button', { name: 'Copy invite code' })).toBeHidden();
        const text = await mainText(page);
        expect(text).not.toMatch(/script|alert|%3C|AB\b/);
        // Nothing of the address became markup: the page has only its own scripts, and nothing ran.
        expect(await page.locator('main script, main b').count()).toBe(0);
        expect(await page.locator('main img').count()).toBe(1); // the logo
        expect(await page.locator('.invite-code').textContent()).toBe('');
        expect(dialogs).toEqual([]);
        await expectNoAxeViolations(page);
        expect(problems).toEqual([]);
      },
    );
  }

  test("Safari's app banner hands the app the invite's address; a code not of the allowed form, nothing", async ({
    page,
  }) => {
    const appId = appStoreId(config.appStoreUrl);
    test.skip(!appId, 'the config gives no App Store id, so no page has the banner');
    const banner = page.locator('meta[name="apple-itunes-app"]');
    for (const path of config.languages.map((locale) => localePath(locale, invite))) {
      await page.goto(path);
      await expect(banner).toHaveAttribute(
        'content',
        `app-id=${appId}, app-argument=${new URL(path, page.url()).href}`,
      );
    }
    for (const path of [`${invitePath}/AB"x`, `${invitePath}/%3Cscript%3E`, '/']) {
      await page.goto(path);
      await expect(banner).toHaveAttribute('content', `app-id=${appId}`);
    }
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('the page explains how to join and offers the store buttons', async ({ page }) => {
      await page.goto(invite);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(invited, { useInnerText: true });
      await expect(page.getByText('Open this link on your phone')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download on App Store' })).toBeVisible();
      // What needs the script is not offered half-working.
      await expect(page.getByRole('button', { name: 'Copy invite code' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Open in the app' })).toBeHidden();
    });
  });

  test('link previews carry the invite title and the social card; search engines and referrers are kept out', async ({
    request,
  }) => {
    const response = await request.get(invite, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toBe(headerPolicy);
    expect(headers['cache-control']).toBe('no-cache');
    const html = await response.text();
    const meta = (key: string) =>
      new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? `(no ${key})`;
    const title = `Join my group on ${config.productName}`;
    expect(meta('og:title')).toBe(title);
    expect(meta('twitter:title')).toBe(title);
    expect(meta('og:image')).toBe(`${config.siteUrl}/social-card.png`);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('robots')).toBe('noindex');
    expect(meta('referrer')).toBe('no-referrer');
    expect(html).toContain(`<title>${title}</title>`);
    // The same page for every code: nothing of the address is in the HTML the server sends.
    expect(html).not.toContain(code);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).not.toContain(invitePath);
    // Other pages keep the site's referrer policy.
    expect((await request.get('/')).headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

test.describe('on a static host with no rewrite, which answers any unknown address with 404.html', fullRun, () => {
  let host: Awaited<ReturnType<typeof serveStatic>>;
  test.beforeAll(async () => (host = await serveStatic('dist')));
  test.afterAll(() => host.close());

  test(`${invite} shows the invite, ${invitePath}/AB the incomplete link and /nope the 404 page`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${host.url}${invite}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(invited, { useInnerText: true });
    await expect(page).toHaveTitle(`Join my group on ${config.productName}`);
    await expect(page.locator('.invite-code')).toHaveText(code);
    await expect(page.getByRole('link', { name: 'Open in the app' })).toHaveAttribute('href', `${host.url}${invite}`);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeHidden();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(page);

    await page.goto(`${host.url}${invitePath}/AB`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invite link is incomplete', {
      useInnerText: true,
    });

    expect((await page.goto(`${host.url}/nope`))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle(`Page not found · ${config.productName}`);
    await expect(page.getByRole('link', { name: 'Download on App Store' })).toBeHidden();
    expect(errors).toEqual([]);
  });
});

test.describe('with app ids and monitoring set', fullRun, () => {
  // One worker for the whole group: one extra build and one nginx.
  test.describe.configure({ mode: 'serial' });

  const outDir = 'reports/invite-build';
  const variant = {
    PUBLIC_APPLE_TEAM_ID: 'ABCDE12345',
    PUBLIC_IOS_BUNDLE_ID: 'com.example.tablemates',
    PUBLIC_ANDROID_PACKAGE: 'com.example.tablemates',
    PUBLIC_ANDROID_CERT_FINGERPRINTS:
      '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5',
    PUBLIC_SENTRY_DSN: 'https://abc@o12.ingest.us.sentry.io/345',
  };
  const withIds = loadConfig({ ...process.env, ...variant });
  const play = playUrlWithInvite(withIds.androidPackage, code);
  const served = variantBuild(outDir, variant);

  test("the Play link's referrer carries the code, for the app's Install Referrer", async ({ page }) => {
    const problems = watchPageHealth(page);
    await page.goto(`${served.origin}${invite}`);
    const link = page.getByRole('link', { name: 'Get it on Google Play' });
    await expect(link).toHaveAttribute('href', play);
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.searchParams.get('id')).toBe(withIds.androidPackage);
    expect(href.searchParams.get('referrer')).toBe(`invite_code=${code}`);
    expect(problems).toEqual([]);
  });

  test.describe('on an Android phone', () => {
    test.use({ userAgent: android, viewport: { width: 375, height: 800 } });

    test('"Open in the app" is an intent for the app at the same address, falling back to Play with the code', async ({
      page,
    }) => {
      await page.goto(`${served.origin}${invite}`);
      // The page's script writes the intent after load: a retrying assertion waits for it (a single read once got
      // the plain link the page ships with).
      await expect(page.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
        'href',
        `intent://127.0.0.1:${served.port}${invite}#Intent;scheme=http;package=${withIds.androidPackage};` +
          `S.browser_fallback_url=${encodeURIComponent(play)};end`,
      );
      // Google Play comes first on Android, as on the landing page.
      await expect(page.locator('.store-buttons a:visible')).toHaveText([
        'Get it on Google Play',
        'Download on App Store',
      ]);
    });
  });

  test('on a wide screen a QR code of the invite link is there to scan with the phone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${served.origin}${invite}`);
    const qr = page.getByRole('img', { name: /QR code of this invite/ });
    await expect(qr.locator('svg')).toBeVisible();
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${served.origin}${invite}`);
  });

  test('the invite page carries no monitoring, while the landing page does', () => {
    const built = (file: string) => readFileSync(join(outDir, file), 'utf8');
    expect(built('index.html')).toContain(`id="${settingsElementId}"`);
    const invitePage = built(`${invitePath.slice(1)}.html`);
    expect(invitePage).not.toContain(settingsElementId);
    expect(invitePage).not.toContain(errorBufferGlobal);
    expect(invitePage).not.toContain('MonitoringHead');
  });

  test('the Apple file opens the invite links in the app', async ({ request }) => {
    const json = await (await request.get(`${served.origin}${appleAppSiteAssociationPath}`)).json();
    expect(json.applinks.details[0].components).toContainEqual({ '/': `${invitePath}/*` });
  });
});
