import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { loadConfig } from '../../src/config/index.ts';
import { fullRun } from './support/tiers.ts';

const config = loadConfig();

/**
 * What axe cannot see: focus during the fade-in, motion that can be stopped, the page without
 * JavaScript, forced colours, short screens and text spacing, each checked as a person meets it in Chromium.
 */

// The scene test waits for software-rendered WebGL, which on a busy shared machine draws a few frames a second and
// takes seconds per screenshot of its canvas.
test.describe.configure({ timeout: 240_000 });

/** Where the report's screenshots go (the test's own output folder unless SCREENSHOT_DIR names one). */
const screenshotPath = (name: string) =>
  process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/${name}` : test.info().outputPath(name);

/** The hero video island hydrates after the load event, when the browser is idle; Astro then drops `ssr`. */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => document.querySelector('astro-island:has(.hero-video)')?.hasAttribute('ssr') === false,
  );
}

/** Waits until the hero video shows its own frames (not the still beneath it). */
async function videoPlaying(page: Page) {
  await expect
    .poll(() => page.locator('video.hero-video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), {
      timeout: 20_000,
    })
    .toBe(true);
}

/** WCAG's contrast ratio of two sRGB colours. */
function contrast(a: readonly number[], b: readonly number[]) {
  const luminance = ([r = 0, g = 0, b = 0]: readonly number[]) => {
    const [lr, lg, lb] = [r, g, b].map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

/** A screenshot of the viewport whose pixels can be read at page coordinates (the device pixel ratio is 1). */
async function viewportPixels(page: Page) {
  const png = PNG.sync.read(await page.screenshot());
  return (x: number, y: number) => {
    // Pixel (i, j) covers page coordinates i..i+1 and j..j+1.
    const i = (Math.floor(y) * png.width + Math.floor(x)) * 4;
    return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
  };
}

/** Points on a circle round the centre of a round control (36 of them), at `offset` px from its edge. */
async function ring(control: Locator, offset: number) {
  const box = await control.boundingBox();
  if (!box) throw new Error('the control has no box');
  const radius = box.width / 2 + offset;
  return Array.from({ length: 36 }, (_, i) => {
    const angle = (i / 36) * Math.PI * 2;
    return [box.x + box.width / 2 + Math.cos(angle) * radius, box.y + box.height / 2 + Math.sin(angle) * radius];
  });
}

/** The 10th-percentile contrast between pairs of pixels: anti-aliased edge pixels may fall short, nothing else. */
function lowContrast(pairs: [number[], number[]][]) {
  const ratios = pairs.map(([a, b]) => contrast(a, b)).sort((x, y) => x - y);
  return Number((ratios[Math.floor(ratios.length / 10)] ?? 0).toFixed(2));
}

test('shows whatever holds keyboard focus in the hero at once, during the fade-in', fullRun, async ({ page }) => {
  await page.goto('/');
  // Half a second into the fade's two-second delay, held there, whatever the speed of the machine.
  await page.evaluate(() => {
    for (const animation of document.querySelector('.hero')?.getAnimations({ subtree: true }) ?? []) {
      animation.pause();
      animation.currentTime = 500;
    }
  });
  await expect(page.locator('.cta')).toHaveCSS('opacity', '0');

  const seen: { name: string; opacity: number; outline: boolean; onScreen: boolean }[] = [];
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body || !element.closest('.hero')) return undefined;
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      const style = getComputedStyle(element);
      const ring = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const box = element.getBoundingClientRect();
      return {
        name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
        opacity,
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
        onScreen:
          box.left - ring >= 0 &&
          box.top - ring >= 0 &&
          box.right + ring <= innerWidth &&
          box.bottom + ring <= innerHeight,
      };
    });
    if (focused) seen.push(focused);
    // Past the hero: done.
    else if (seen.length > 0) break;
  }
  expect(seen.map(({ name }) => name)).toEqual(
    expect.arrayContaining([
      'Download on App Store',
      config.contactEmail,
      `${config.productName} on Instagram`,
      `${config.productName} on TikTok`,
    ]),
  );
  // Every one of them fully opaque, with its focus ring drawn and on screen.
  expect(seen.filter(({ opacity, outline, onScreen }) => opacity !== 1 || !outline || !onScreen)).toEqual([]);
});

test(
  'the 3D scene has a pause/play control like the hero video, and stays still once paused',
  fullRun,
  async ({ page }) => {
    const slot = page.locator('figure[data-scene]');
    await page.goto('/');
    await slot.scrollIntoViewIfNeeded();
    await expect(slot).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
    const canvas = slot.locator('canvas');

    // It turns: a later frame differs from this one.
    const first = await canvas.screenshot();
    const started = Date.now();
    await expect.poll(async () => (await canvas.screenshot()).equals(first), { timeout: 60_000 }).toBe(false);
    const turnTime = Date.now() - started;

    const pause = slot.getByRole('button', { name: 'Pause 3D scene' });
    await expect(pause).toBeVisible();
    await page.screenshot({ path: screenshotPath('scene-with-control.png') });
    // The same look and the same keyboard behaviour as the hero's control: a button, toggled by Enter and Space.
    const heroToggle = page.locator('.hero-video-toggle');
    const look = (control: Locator) =>
      control.evaluate((element) => {
        const s = getComputedStyle(element);
        return [s.width, s.height, s.borderRadius, s.borderColor, s.backgroundColor, s.color].join(' ');
      });
    expect(await look(pause)).toBe(await look(heroToggle));
    await pause.focus();
    await page.keyboard.press('Enter');
    const play = slot.getByRole('button', { name: 'Play 3D scene' });
    await expect(play).toBeFocused();

    // Paused: once a frame the worker drew before the message reached it has landed (two screenshots in a row agree),
    // no frame changes, over at least three more screenshots and longer than a change took while it turned (at least
    // two seconds).
    let still = await canvas.screenshot();
    await expect
      .poll(async () => {
        const previous = still;
        still = await canvas.screenshot();
        return still.equals(previous);
      })
      .toBe(true);
    const pausedAt = Date.now();
    for (let shots = 0; shots < 3 || Date.now() - pausedAt < Math.max(turnTime, 2_000); shots++) {
      expect((await canvas.screenshot()).equals(still)).toBe(true);
    }

    await page.keyboard.press('Space');
    await expect(pause).toBeFocused();
    await expect.poll(async () => (await canvas.screenshot()).equals(still), { timeout: 60_000 }).toBe(false);
  },
);

test(
  'with JavaScript off, or before the video island hydrates, no control claims a video it cannot control',
  fullRun,
  async ({ browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const beforeHydration = await browser.newContext();
    // The islands' code never arrives: the page stays as the server rendered it.
    await beforeHydration.route('**/_astro/*.js', (route) => route.abort());
    for (const [context, label] of [
      [noScript, 'without JavaScript'],
      [beforeHydration, 'before hydration'],
    ] as const) {
      for (const reducedMotion of ['no-preference', 'reduce'] as const) {
        const page = await context.newPage();
        await page.emulateMedia({ reducedMotion });
        const videos: string[] = [];
        page.on('request', (request) => request.url().includes('/videos/') && videos.push(request.url()));
        await page.goto('/');
        await page.waitForLoadState('networkidle');
        const where = `${label}, ${reducedMotion}`;
        // The visitor sees the still, and nothing plays.
        await expect(page.locator('.hero-still img'), where).toBeVisible();
        expect(
          await page
            .locator('video')
            .evaluateAll((list: HTMLVideoElement[]) =>
              list.map((video) => ({ autoplay: video.autoplay, paused: video.paused })),
            ),
          where,
        ).toEqual(
          Array.from({ length: await page.locator('video').count() }, () => ({ autoplay: false, paused: true })),
        );
        expect(videos, where).toEqual([]);
        // No button (or anything else) offers to pause or play it.
        await expect(page.getByRole('button'), where).toHaveCount(0);
        await expect(page.locator('[aria-controls], [aria-pressed]'), where).toHaveCount(0);
        await page.close();
      }
    }
    await noScript.close();
    await beforeHydration.close();
  },
);

for (const colorScheme of ['dark', 'light'] as const) {
  test(
    `under forced colours (${colorScheme} palette), the icon controls and their focus ring keep 3:1 against the video`,
    fullRun,
    async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active', colorScheme });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await hydrated(page);
        await videoPlaying(page);
        await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
        // One frame for both screenshots: the focus ring is compared with the pixels it covers.
        await page.locator('video.hero-video').evaluate((video: HTMLVideoElement) => video.pause());
        await page.mouse.move(0, 0);
        await page.screenshot({
          path: screenshotPath(`forced-colours-${colorScheme}-${width}.png`),
        });

        const controls = [
          page.getByRole('link', { name: `${config.productName} on Instagram` }).first(),
          page.getByRole('link', { name: `${config.productName} on TikTok` }).first(),
          page.locator('.hero-video-toggle'),
        ];
        const unfocused = await viewportPixels(page);
        for (const control of controls) {
          const name = `${await control.getAttribute('aria-label')} at ${width} px`;
          // The control's own edge (1 px inside it) against the pixels next to it (4 px outside).
          const edge = await ring(control, -1);
          const outside = await ring(control, 4);
          const edgeContrast = lowContrast(
            edge.map(([x = 0, y = 0], i) => [unfocused(x, y), unfocused(outside[i]?.[0] ?? 0, outside[i]?.[1] ?? 0)]),
          );
          expect(edgeContrast, `${name}: edge against the video`).toBeGreaterThanOrEqual(3);

          // The focus ring, drawn by keyboard focus, against what is behind it without focus.
          await control.focus();
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          await expect(control).toBeFocused();
          const focused = await viewportPixels(page);
          const { offset, width: outlineWidth } = await control.evaluate((element) => {
            const style = getComputedStyle(element);
            return { offset: parseFloat(style.outlineOffset), width: parseFloat(style.outlineWidth) };
          });
          const ringPixels = await ring(control, offset + outlineWidth / 2);
          const ringContrast = lowContrast(ringPixels.map(([x = 0, y = 0]) => [focused(x, y), unfocused(x, y)]));
          expect(ringContrast, `${name}: focus ring against the video`).toBeGreaterThanOrEqual(3);
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        }
      }
    },
  );
}

test('the video control is on screen at load on short and narrow screens', fullRun, async ({ page }) => {
  for (const [width, height] of [
    [844, 390],
    [667, 375],
    [640, 400],
    [320, 568],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: /background video/ });
    await expect(toggle, `${width}x${height}`).toBeInViewport({ ratio: 1 });
    // Nothing covers it, and it covers no link of the call to action.
    const { onTop, overlaps } = await toggle.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const overlaps = [...document.querySelectorAll('.hero a')]
        .filter((link) => {
          const other = link.getBoundingClientRect();
          return other.left < box.right && other.right > box.left && other.top < box.bottom && other.bottom > box.top;
        })
        .map((link) => link.textContent);
      return { onTop: Boolean(hit && button.contains(hit)), overlaps };
    });
    expect({ onTop, overlaps }, `${width}x${height}`).toEqual({ onTop: true, overlaps: [] });
    if (width === 844) {
      await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
      await page.screenshot({ path: screenshotPath('landscape-844x390.png') });
    }
  }
});

// Every translated landing too: its words may be longer (tests/e2e/translations.e2e.ts runs axe over them).
for (const path of loadConfig().languages.map((locale) => (locale === 'en' ? '/' : `/${locale}/`))) {
  test(`with WCAG text spacing at 320 px, nothing in the hero of ${path} is cut off`, fullRun, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(path);
    // WCAG 1.4.12's figures, as a visitor's own stylesheet applies them (a constructed sheet, as an extension would
    // add it: the page's Content-Security-Policy rightly refuses an inline <style>).
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
      word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
    const cut = await page.evaluate(() => {
      const hero = document.querySelector('.hero');
      if (!hero) return ['no hero'];
      const problems: string[] = [];
      if (hero.scrollWidth > hero.clientWidth) problems.push(`hero: ${hero.scrollWidth} > ${hero.clientWidth}`);
      if (document.documentElement.scrollWidth > innerWidth) {
        problems.push(`page: ${document.documentElement.scrollWidth} > ${innerWidth}`);
      }
      for (const element of hero.querySelectorAll<HTMLElement>('.hero-content *')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0) continue;
        const name = `${element.tagName.toLowerCase()}.${element.className || ''} "${element.textContent?.trim().slice(0, 30)}"`;
        if (box.left < 0 || box.right > innerWidth) problems.push(`${name}: ${box.left}..${box.right}`);
        if (element.scrollWidth > element.clientWidth && element.clientWidth > 0) {
          problems.push(`${name}: scrollWidth ${element.scrollWidth} > ${element.clientWidth}`);
        }
      }
      return problems;
    });
    expect(cut).toEqual([]);
  });
}

test('names every image and region once: the QR code once, the hero region apart from the h1', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('.store-qr')).toBeVisible();
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  const exposed = nodes.filter((node) => !node.ignored);
  const images = exposed.filter((node) => ['image', 'img', 'graphics-document'].includes(node.role?.value ?? ''));
  expect(images.map((node) => node.name?.value ?? '')).not.toContain('');
  expect(images.map((node) => node.name?.value)).toContain(`QR code linking to ${config.productName} on the App Store`);

  // The hero is a region of its own name, not a second announcement of the h1.
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await expect(page.locator('section.hero')).toHaveRole('region');
  const regions = exposed.filter((node) => node.role?.value === 'region').map((node) => node.name?.value?.trim());
  expect(regions.length).toBeGreaterThan(0);
  expect(regions.map((name) => name?.toLowerCase())).not.toContain(heading.toLowerCase());
});
