import { expect, test, type Page } from '@playwright/test';
import {
  appleAppSiteAssociation,
  appleAppSiteAssociationPath,
  assetLinks,
  assetLinksPath,
  googlePlayUrl,
} from '../../src/lib/appLinks.ts';
import { loadConfig } from '../../src/config/index.ts';
import { readWords } from '../../src/lib/words/words.node.ts';

const config = loadConfig();
import { expectNoAxeViolations, watchPageHealth } from './support/page-health.ts';
import { variantBuild } from './support/variant-build.ts';
import { headerPolicy } from '../../src/lib/headers.ts';
import { fullRun } from './support/tiers.ts';

/**
 * App links end to end, over the production nginx configuration. The suite's own build (`dist/`, the shipped config:
 * no app ids) shows the site as it is without them; a second build with example ids shows the two
 * app-association files and the Google Play button, served by its own nginx with that build's own header files.
 */

const androidPhone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const exampleIds = {
  PUBLIC_APPLE_TEAM_ID: 'ABCDE12345',
  PUBLIC_IOS_BUNDLE_ID: 'com.example.tablemates',
  PUBLIC_ANDROID_PACKAGE: 'com.example.tablemates',
  PUBLIC_ANDROID_CERT_FINGERPRINTS:
    '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5',
};
/** The config the variant is built with: this build's values plus the example ids, as the build reads them. */
const withIds = loadConfig({ ...process.env, ...exampleIds });
const playUrl = googlePlayUrl(withIds.androidPackage);

const storeLinks = (page: Page) => page.locator('.store-buttons a:visible');

// The build's own config: the template's has no app ids, an owner's may have both.
const android = Boolean(config.androidPackage);
const { interface: words } = readWords(config);

test.describe("with the build's own config (the template's: no app ids)", () => {
  for (const [path, set] of [
    [appleAppSiteAssociationPath, Boolean(config.appleTeamId)],
    [assetLinksPath, android],
  ] as const) {
    test(`${path} is served only while the config has its app ids`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(set ? 200 : 404);
      expect(response.headers()['content-type']).toContain(set ? 'application/json' : 'text/html');
    });
  }

  for (const [device, userAgent, stores] of [
    ['a desktop', undefined, [words.appStoreButton, ...(android ? [words.googlePlayButton] : [])]],
    ['an Android phone', androidPhone, [...(android ? [words.googlePlayButton] : []), words.appStoreButton]],
  ] as const) {
    test.describe(`on ${device}`, () => {
      test.use({ userAgent });

      test('offers the stores the config names, Google Play only with an Android app', async ({ page }) => {
        await page.goto('/');
        await expect(storeLinks(page)).toHaveText([...stores]);
        // Without an Android app no link goes to Google Play, and the page sets no platform: nothing to reorder.
        if (!android) {
          await expect(page.locator('a[href*="play.google.com"]')).toHaveCount(0);
          expect(await page.locator('html').getAttribute('data-platform')).toBeNull();
        }
      });
    });
  }

  // Depends on the legal pages' sample code message (terms.md, `{{siteHost}}`): passes once that is merged.
  test('the Terms end a sample code message with the domain-bound line @<site host> #<code>', async ({ page }) => {
    await page.goto('/terms');
    const host = new URL(config.siteUrl).host;
    const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(await page.locator('main').innerText()).toMatch(new RegExp(`^@${escaped} #\\d+$`, 'm'));
  });
});

test.describe('with app ids set', fullRun, () => {
  // One worker for the whole group: one extra build and one nginx.
  test.describe.configure({ mode: 'serial' });

  const outDir = 'reports/app-links-build';
  const served = variantBuild(outDir, exampleIds);

  for (const [path, expected] of [
    [appleAppSiteAssociationPath, appleAppSiteAssociation(withIds)],
    [assetLinksPath, assetLinks(withIds)],
  ] as const) {
    test(`${path} answers 200 with its JSON as application/json, without a redirect, cached an hour`, async ({
      request,
    }) => {
      const response = await request.get(`${served.origin}${path}`, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/json');
      expect(response.headers()['cache-control']).toBe('public, max-age=3600');
      expect(response.headers()['content-security-policy']).toBe(headerPolicy);
      expect(await response.json()).toEqual(expected);
    });
  }

  test('the iOS file names the app for shared credentials and opens only the configured paths', async ({ request }) => {
    const json = await (await request.get(`${served.origin}${appleAppSiteAssociationPath}`)).json();
    expect(json.webcredentials.apps).toEqual(['ABCDE12345.com.example.tablemates']);
    // The configured path, then the group invite links while the invite address is on (docs/app-links.md#group-invites).
    expect(json.applinks.details[0].components).toEqual([
      ...withIds.appLinkPaths.map((path) => ({ '/': path })),
      ...(withIds.invitePath ? [{ '/': `${withIds.invitePath}/*` }] : []),
    ]);
  });

  test('a desktop visitor gets Google Play after the App Store, as a named link to the listing', async ({ page }) => {
    const problems = watchPageHealth(page);
    await page.goto(`${served.origin}/`);
    await expect(storeLinks(page)).toHaveText(['Download on App Store', 'Get it on Google Play']);
    const play = page.getByRole('link', { name: 'Get it on Google Play' });
    await expect(play).toHaveAttribute('href', playUrl);
    // Same look as the App Store button: size and colours.
    const look = (name: string) =>
      page.getByRole('link', { name }).evaluate((link) => {
        const style = getComputedStyle(link);
        return [style.backgroundColor, style.color, style.borderRadius, link.getBoundingClientRect().width];
      });
    expect(await look('Get it on Google Play')).toEqual(await look('Download on App Store'));
    expect(problems).toEqual([]);
  });

  test.describe('on an Android phone', () => {
    test.use({ userAgent: androidPhone, viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' });

    test('Google Play comes first, on screen and in focus order, and nothing moves', async ({ page }) => {
      const problems = watchPageHealth(page);
      await page.goto(`${served.origin}/`);
      await expect(storeLinks(page)).toHaveText(['Get it on Google Play', 'Download on App Store']);
      const [playBox, appStoreBox] = await Promise.all(
        ['Get it on Google Play', 'Download on App Store'].map((name) =>
          page.getByRole('link', { name }).boundingBox(),
        ),
      );
      expect(playBox!.y).toBeLessThan(appStoreBox!.y);
      // Keyboard order follows: focus the App Store link, step back, and land on Google Play.
      await page.getByRole('link', { name: 'Download on App Store' }).focus();
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeFocused();
      // The order is set before the first paint (an inline head script the CSP allows by hash): nothing in the call
      // to action moves. (Shifts elsewhere, like the wordmark's font swap, are the landing tests' business.)
      const shiftedInCta = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const moved: string[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as { sources: { node?: Node }[] }[]) {
                for (const { node } of entry.sources) {
                  const element = node instanceof Element ? node : node?.parentElement;
                  if (element?.closest('.cta')) moved.push(element.outerHTML.slice(0, 80));
                }
              }
            }).observe({ type: 'layout-shift', buffered: true });
            // Buffered entries arrive in the observer's first callback, before these two frames end.
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(moved)));
          }),
      );
      expect(shiftedInCta).toEqual([]);
      expect(problems).toEqual([]);
      await expectNoAxeViolations(page);
    });
  });

  test('the MobileApplication JSON-LD lists both platforms and both stores', async ({ page }) => {
    await page.goto(`${served.origin}/`);
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>),
      );
    expect(jsonLd.find((item) => item['@type'] === 'MobileApplication')).toMatchObject({
      operatingSystem: 'iOS, Android',
      installUrl: [withIds.appStoreUrl, playUrl],
    });
  });
});
