import { expect, test, type Page } from '@playwright/test';
import { heroFadeDelayMs } from '../../src/lib/motion.ts';
import { fullRun, fullRunUnless } from './support/tiers.ts';

/**
 * What a visitor tripped on in the hero: a pause forgotten on Back or reload, the video's control heard
 * before the title, links that take taps while still invisible, a first screen that ends in empty background, a
 * print that loses the text and the logo, and an attribute HTML does not have.
 */

const heroVideo = (page: Page) => page.locator('video.hero-video');
const videoToggle = (page: Page) => page.getByRole('button', { name: /background video$/ });

/** The hero video island hydrates after the load event, when the browser is idle; Astro then drops `ssr`. */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => document.querySelector('astro-island:has(.hero-video)')?.hasAttribute('ssr') === false,
  );
}

/** Holds the hero's entrance `ms` into its animations, whatever the speed of the machine. */
async function holdFadeAt(page: Page, ms: number) {
  await page.evaluate((time) => {
    for (const animation of document.querySelector('.hero')?.getAnimations({ subtree: true }) ?? []) {
      animation.pause();
      animation.currentTime = time;
    }
  }, ms);
}

test('a paused hero video stays paused for the session: after reload and after Back', fullRun, async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expect.poll(() => heroVideo(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await page.getByRole('button', { name: 'Pause background video' }).click();

  const expectStillPaused = async (when: string) => {
    await hydrated(page);
    await expect(videoToggle(page), when).toHaveAccessibleName('Play background video');
    expect(await heroVideo(page).evaluate((v: HTMLVideoElement) => v.paused), when).toBe(true);
  };
  await page.reload();
  await expectStillPaused('after reload');
  await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
  await page.waitForURL('**/privacy');
  await page.goBack();
  await expectStillPaused('after Back');

  // Playing again is remembered as well.
  await videoToggle(page).click();
  await page.reload();
  await hydrated(page);
  await expect(videoToggle(page)).toHaveAccessibleName('Pause background video');
});

test('under reduced motion with no choice made, a new visit keeps the video paused', fullRun, async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await hydrated(page);
  await expect(videoToggle(page)).toHaveAccessibleName('Play background video');
  // A visitor who presses play under reduced motion chose it: that choice holds on reload.
  await videoToggle(page).click();
  await page.reload();
  await hydrated(page);
  await expect(videoToggle(page)).toHaveAccessibleName('Pause background video');
  await context.close();
});

test(
  'Tab and the reading order follow the screen: the title and the call to action, then the video control',
  fullRun,
  async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
    const order: string[] = [];
    for (let presses = 0; presses < 30; presses++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element?.closest('.hero')) return undefined;
        return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
      });
      if (focused) order.push(focused);
      else if (order.length > 0) break;
    }
    expect(order[0]).toBe('Download on App Store');
    expect(order.at(-1)).toBe('Pause background video');
    expect(order.filter((name) => /background video/.test(name))).toHaveLength(1);
    // A screen reader meets the heading before the control, too.
    const headingFirst = await page.evaluate(() => {
      const heading = document.querySelector('.hero h1');
      const control = document.querySelector('.hero-video-toggle');
      return Boolean(heading && control && heading.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(headingFirst).toBe(true);
  },
);

test('before the fade-in, the invisible hero links take no tap or click; after it they do', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const link = page.locator('.cta').getByRole('link', { name: 'Privacy Policy', exact: true });
  const store = page.locator('.cta').getByRole('link', { name: 'Download on App Store' });
  /** What a tap at the middle of the link would hit. */
  const hits = (locator: typeof link) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Boolean(hit && element.contains(hit));
    });

  // Half-way through the delay: transparent, and a tap goes through it.
  await holdFadeAt(page, heroFadeDelayMs / 2);
  await expect(page.locator('.cta')).toHaveCSS('opacity', '0');
  expect(await hits(store)).toBe(false);
  expect(await hits(link)).toBe(false);
  await link.click({ force: true });
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/');

  // Faded in: the same tap follows the link.
  await holdFadeAt(page, heroFadeDelayMs + 1500);
  await expect(page.locator('.cta')).toHaveCSS('opacity', '1');
  expect(await hits(store)).toBe(true);
  await link.click();
  await page.waitForURL('**/privacy');
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
  [1440, 900],
] as const) {
  test(
    `the first screen shows the next section's heading at ${width}x${height}`,
    fullRunUnless(width === 390),
    async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/');
      await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
      await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath(`fold-${width}x${height}.png`) });
    },
  );
}

test('on a landscape phone (844x390) the whole App Store button is on the first screen', fullRun, async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await page.goto('/');
  await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'Download on App Store' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('fold-844x390.png') });
});

test('printed, the landing page has dark text on the paper and shows the logo', fullRun, async ({ page }) => {
  await page.emulateMedia({ media: 'print' });
  await page.goto('/');
  // Paper: the browser prints no backgrounds by default.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`* { background-color: transparent !important; background-image: none !important; }
      html { background: #fff !important; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const pale = await page.evaluate(() => {
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const problems: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('main *, footer *')) {
      const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!text || element.getClientRects().length === 0) continue;
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      const ratio = 1.05 / (luminance(getComputedStyle(element).color) + 0.05);
      if (ratio < 4.5 || opacity < 1) {
        problems.push(
          `${element.tagName} "${element.textContent?.trim().slice(0, 30)}": ${ratio.toFixed(2)}:1, opacity ${opacity}`,
        );
      }
    }
    return problems;
  });
  expect(pale).toEqual([]);

  const logo = page.locator('.hero-logo');
  await expect(logo).toBeVisible();
  const { PNG } = await import('pngjs');
  const png = PNG.sync.read(await logo.screenshot());
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if ((png.data[i] ?? 255) + (png.data[i + 1] ?? 255) + (png.data[i + 2] ?? 255) < 200) dark++;
  }
  expect(dark / (png.width * png.height), 'share of dark logo pixels on the paper').toBeGreaterThan(0.1);
  await page.screenshot({ path: test.info().outputPath('print.png'), fullPage: true });
});

test(
  'picture-in-picture is turned off by the DOM property, not by an attribute HTML does not have',
  fullRun,
  async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const served = /<video[^>]*>/.exec(html)?.[0];
    expect(served).toBeDefined();
    expect(served).not.toMatch(/disablepictureinpicture/i);
    await page.goto('/');
    await hydrated(page);
    expect(await heroVideo(page).evaluate((video: HTMLVideoElement) => video.disablePictureInPicture)).toBe(true);
  },
);
