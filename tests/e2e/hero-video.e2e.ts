import { expect, test, type Page } from '@playwright/test';
import { fullRunUnless } from './support/tiers.ts';

const heroVideo = (page: Page) => page.locator('video.hero-video');

/** The hero video island hydrates after the load event, when the browser is idle; Astro then drops `ssr`. */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => document.querySelector('astro-island:has(.hero-video)')?.hasAttribute('ssr') === false,
  );
}

test.describe('when the browser refuses to play (iOS Low Power Mode)', () => {
  test.beforeEach(async ({ page }) => {
    // What Safari does in Low Power Mode: every play() without a tap is rejected.
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = function play() {
        return Promise.reject(new DOMException('The request is not allowed by the user agent', 'NotAllowedError'));
      };
    });
  });

  for (const width of [375, 1280]) {
    test(
      `keeps the still, shows no video over it and offers play at ${width} px`,
      fullRunUnless(width === 375),
      async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await hydrated(page);
        const toggle = page.locator('.hero-video-toggle');
        await expect(toggle).toHaveAccessibleName('Play background video');
        // The video element, and any play button a browser would draw on it, stays fully transparent over the still.
        await expect(heroVideo(page)).toHaveCSS('opacity', '0');
        await expect(page.locator('.hero-still img')).toBeVisible();
        expect(await heroVideo(page).evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
        // A tap on play is tried again (and refused again here): the control keeps offering play.
        await toggle.click();
        await expect(toggle).toHaveAccessibleName('Play background video');
        await expect(heroVideo(page)).toHaveCSS('opacity', '0');
        await page.screenshot({ path: test.info().outputPath(`low-power-${width}.png`) });
      },
    );
  }
});

test('shows the video once it plays', async ({ page }) => {
  // How the video looked when the page was parsed, before it could play: checked after goto, a fast start could
  // already have shown it.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const video = document.querySelector('video.hero-video');
      (window as unknown as { opacityAtStart: string }).opacityAtStart = video ? getComputedStyle(video).opacity : '';
    }),
  );
  await page.goto('/');
  expect(await page.evaluate(() => (window as unknown as { opacityAtStart: string }).opacityAtStart)).toBe('0');
  await expect(heroVideo(page)).toHaveCSS('opacity', '1', { timeout: 20_000 });
  expect(await heroVideo(page).evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0)).toBe(
    true,
  );
});

test('the server-rendered video has no source, so it holds no load event', async ({ page, request }) => {
  // WebKit holds the load event for a <video preload="none"> with sources; outside <noscript> there must be none.
  const html = await (await request.get('/')).text();
  const withoutNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const video = /<video[^>]*class="hero-video"[^>]*>([\s\S]*?)<\/video>/.exec(withoutNoscript);
  expect(video, 'the hero video is in the HTML').not.toBeNull();
  expect(video?.[1]).not.toContain('<source');
  expect(video?.[0]).not.toMatch(/\ssrc=/);

  // And no video byte is asked for before the still has loaded and the load event has fired.
  await page.goto('/');
  await expect
    .poll(() => heroVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime > 0), { timeout: 20_000 })
    .toBe(true);
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const still = resources.find((entry) => /\/images\/hero-/.test(entry.name));
    const videos = resources.filter((entry) => entry.name.includes('/videos/'));
    return {
      load: navigation?.loadEventEnd ?? Infinity,
      stillEnd: still?.responseEnd ?? Infinity,
      firstVideo: Math.min(...videos.map((entry) => entry.startTime)),
    };
  });
  expect(timing.firstVideo).toBeGreaterThanOrEqual(timing.stillEnd);
  expect(timing.firstVideo).toBeGreaterThanOrEqual(timing.load);
});
