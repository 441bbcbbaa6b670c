import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { modelPath } from '../../src/lib/media.ts';
import { readWords } from '../../src/lib/words/words.node.ts';

const sceneAlt = readWords(loadConfig()).landing.scene.alt;
import { recordSceneModes } from './support/scene-modes.ts';
import { describePixels, tableRows } from './support/scene-picture.ts';
import { fullRun } from './support/tiers.ts';

// Software WebGL on a shared test machine draws a frame in well over a second: give the scene tests room.
test.describe.configure({ timeout: 90_000 });

const slot = (page: Page) => page.locator('figure[data-scene]');
const isSceneCode = (url: string) => /\/_astro\/sceneWorker[.-]/.test(url);

/** Every request the page makes, by URL. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

test('draws the meal in a canvas when scrolled to, loading its code only then', async ({ page }) => {
  // Three screens of content above the slot, as on the landing page, where the hero and more come first.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<section class="scene-section"',
      '<div style="height: 300vh"></div><section class="scene-section"',
    );
    await route.fulfill({ response, body: html });
  });
  // The page's own thread never makes a WebGL context (a long task on a phone): the probe and the scene are workers.
  await page.addInitScript(() => {
    const contexts: string[] = [];
    (window as unknown as { pageContexts: string[] }).pageContexts = contexts;
    for (const canvas of [HTMLCanvasElement, OffscreenCanvas]) {
      const getContext = canvas.prototype.getContext as (this: unknown, type: string, ...rest: unknown[]) => unknown;
      Object.defineProperty(canvas.prototype, 'getContext', {
        value(this: unknown, type: string, ...rest: unknown[]) {
          if (type.startsWith('webgl')) contexts.push(type);
          return getContext.call(this, type, ...rest);
        },
      });
    }
  });
  const requests = recordRequests(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(slot(page)).toHaveAttribute('data-scene', 'still');
  // The model itself may already be preloaded (the landing page fetches it when idle); the scene's code may not.
  expect(requests.filter(isSceneCode)).toEqual([]);

  await slot(page).scrollIntoViewIfNeeded();
  await expect(slot(page)).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
  await expect(slot(page).getByRole('img', { name: sceneAlt })).toBeVisible();
  await expect(slot(page).locator('img')).toHaveCount(0);
  const pixels = describePixels(await slot(page).locator('canvas').screenshot());
  expect(pixels.litShare).toBeGreaterThan(0.15);
  expect(pixels.colours).toBeGreaterThan(60);
  expect(requests.filter(isSceneCode)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { pageContexts: string[] }).pageContexts)).toEqual([]);
});

test(
  'makes no request outside the site origin, fetches the model once and no decoder',
  fullRun,
  async ({ page, baseURL }) => {
    const requests = recordRequests(page);
    await page.goto('/');
    await slot(page).scrollIntoViewIfNeeded();
    await expect(slot(page)).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
    expect(requests.filter((url) => new URL(url).origin !== new URL(baseURL!).origin)).toEqual([]);
    expect(requests.filter((url) => new URL(url).pathname === modelPath)).toHaveLength(1);
    // The mesh decoder is part of the worker's script (its WebAssembly inlined): nothing else is fetched for it.
    expect(requests.filter((url) => /\.wasm$|decoder/i.test(new URL(url).pathname))).toEqual([]);
  },
);

test('uses the idle preload of the model instead of fetching it again', fullRun, async ({ page }) => {
  const requests = recordRequests(page);
  // The landing page fetches the model once it is idle, before anyone scrolls to the scene.
  const preloaded = page.waitForResponse((response) => new URL(response.url()).pathname === modelPath);
  await page.goto('/');
  await preloaded;
  await slot(page).scrollIntoViewIfNeeded();
  await expect(slot(page)).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
  expect(requests.filter((url) => new URL(url).pathname === modelPath)).toHaveLength(1);
});

/** Scrolls to the slot and checks that the scene's still is what shows there. */
async function expectStill(page: Page) {
  await expect(slot(page)).toHaveAttribute('data-scene', 'still');
  const still = slot(page).getByRole('img', { name: sceneAlt });
  await expect(still).toBeVisible();
  await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Decoded, so it is in the next frame: a screenshot straight after read an empty slot once, in a full run.
  await still.evaluate((img: HTMLImageElement) => img.decode());
  await expect(slot(page).locator('canvas')).toHaveCount(0);
}

/** Loads the page, scrolls to the slot, waits for its island to hydrate, and checks it kept the still. */
async function expectStillOnceHydrated(page: Page) {
  const requests = recordRequests(page);
  await page.goto('/');
  await slot(page).scrollIntoViewIfNeeded();
  // The island has hydrated (its code arrived) and still chose the image, without loading the scene's code.
  await expect.poll(() => requests.some((url) => url.includes('/_astro/SceneSlot'))).toBe(true);
  await page.waitForLoadState('networkidle');
  await expectStill(page);
  expect(requests.filter(isSceneCode)).toEqual([]);
}

test("shows the still image where a worker's OffscreenCanvas has no WebGL 2 (Safari before 17, WebKitGTK)", async ({
  page,
}) => {
  // The probe asks in a worker, which an init script does not reach: its script is served with the gap put in first.
  await page.route('**/_astro/webglProbe*', async (route) => {
    const response = await route.fetch();
    const noWebGL = 'OffscreenCanvas.prototype.getContext = () => null;';
    await route.fulfill({ response, body: `${noWebGL}\n${await response.text()}` });
  });
  await expectStillOnceHydrated(page);
});

test('keeps the still image when the WebGL probe fails to load', fullRun, async ({ page }) => {
  let aborted = 0;
  await page.route('**/_astro/webglProbe*', (route) => {
    aborted++;
    return route.abort('failed');
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await expectStillOnceHydrated(page);
  expect(aborted).toBe(1);
  expect(errors).toEqual([]);
});

test('shows the still image in a browser without transferControlToOffscreen', fullRun, async ({ page }) => {
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });
  await expectStillOnceHydrated(page);
});

test('shows the still image when the visitor prefers reduced motion', fullRun, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectStillOnceHydrated(page);
});

for (const [what, pattern] of [
  ['the model', `**${modelPath}`],
  ['the scene worker', '**/_astro/sceneWorker*'],
] as const) {
  test(`keeps the still image when ${what} fails to load`, fullRun, async ({ page }) => {
    let aborted = 0;
    await page.route(pattern, (route) => {
      aborted++;
      return route.abort('failed');
    });
    const modes = await recordSceneModes(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await slot(page).scrollIntoViewIfNeeded();
    // The live scene was on its way, and handed back to the still.
    await expect.poll(modes, { timeout: 30_000 }).toEqual(['loading', 'still']);
    expect(aborted).toBeGreaterThan(0);
    await expectStill(page);
    expect(errors).toEqual([]);
  });
}

/**
 * Serves the scene worker's script with `policy` as its Content-Security-Policy. A dedicated worker runs under the
 * policy of its own script's response, not the page's: this is the policy the mesh decoder's WebAssembly obeys.
 */
async function workerUnder(page: Page, policy: string) {
  await page.route('**/_astro/sceneWorker*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  const modes = await recordSceneModes(page);
  // What the worker tells the page, so a test can tell a reported failure from the page's deadline.
  await page.addInitScript(() => {
    const told: string[] = [];
    (window as unknown as { sceneMessages: string[] }).sceneMessages = told;
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        if (args[1]?.name !== 'scene') return; // not the WebGL probe
        this.addEventListener('message', (event: MessageEvent<{ type: string }>) => told.push(event.data.type));
      }
    };
  });
  await page.goto('/');
  await slot(page).scrollIntoViewIfNeeded();
  return {
    modes,
    messages: () => page.evaluate(() => (window as unknown as { sceneMessages: string[] }).sceneMessages),
  };
}

// What the scene's worker needs of its own policy: its script, the model's decoder compiling its WebAssembly, and
// nothing to fetch (the page hands it the model's bytes). Anything narrower hands back to the still.
test(
  "the scene's worker goes live under a policy of only script-src 'self' 'wasm-unsafe-eval'",
  fullRun,
  async ({ page }) => {
    const { modes } = await workerUnder(page, "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'");
    await expect.poll(modes, { timeout: 60_000 }).toEqual(['loading', 'live']);
  },
);

test(
  "without 'wasm-unsafe-eval' in the worker's policy, the decoder is refused and the still stays",
  fullRun,
  async ({ page }) => {
    const { modes, messages } = await workerUnder(page, "default-src 'none'; script-src 'self'");
    await expect.poll(modes, { timeout: 60_000 }).toEqual(['loading', 'still']);
    await expectStill(page);
    // The decoder's refused WebAssembly fails the model's parse and the worker says so: no deadline was needed.
    expect(await messages()).toEqual(['failed']);
  },
);

/**
 * Counts, inside the scene's worker, the frames it asks for and the messages it receives from the page. Installed
 * once the worker runs (its loop asks for each frame anew, so every frame after this is counted).
 */
async function watchWorker(page: Page) {
  const worker = page.workers().find((candidate) => isSceneCode(candidate.url()));
  if (!worker) throw new Error(`no scene worker among ${page.workers().map((w) => w.url())}`);
  await worker.evaluate(() => {
    const scope = self as unknown as {
      requestAnimationFrame: (callback: (time: number) => void) => number;
      frames: number;
      received: string[];
    };
    const request = scope.requestAnimationFrame.bind(scope);
    scope.frames = 0;
    scope.received = [];
    scope.requestAnimationFrame = (callback) => {
      scope.frames++;
      return request(callback);
    };
    self.addEventListener('message', (event: MessageEvent<{ type: string }>) => scope.received.push(event.data.type));
  });
  const read = () =>
    worker.evaluate(() => {
      const { frames, received } = self as unknown as { frames: number; received: string[] };
      return { frames, received: [...received] };
    });
  return {
    read,
    /** Frames asked for over `ms`, after letting a frame already in flight land. */
    async framesOver(ms: number) {
      await page.waitForTimeout(300);
      const before = (await read()).frames;
      await page.waitForTimeout(ms);
      return (await read()).frames - before;
    },
  };
}

test(
  'draws in a worker: the canvas is handed over, and the page thread never loads three.js',
  fullRun,
  async ({ page }) => {
    await page.goto('/');
    await slot(page).scrollIntoViewIfNeeded();
    await expect(slot(page)).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
    expect(page.workers().filter((worker) => isSceneCode(worker.url()))).toHaveLength(1);
    // A canvas whose control went to a worker refuses a context on the page.
    const handedOver = await slot(page)
      .locator('canvas')
      .evaluate((canvas: HTMLCanvasElement) => {
        try {
          canvas.getContext('2d');
          return false;
        } catch (error) {
          return (error as DOMException).name === 'InvalidStateError';
        }
      });
    expect(handedOver).toBe(true);
    // Every script the page itself ran is small: three.js (hundreds of KB) arrived in the worker only.
    const pageScripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => ({ name: entry.name, size: (entry as PerformanceResourceTiming).decodedBodySize })),
    );
    expect(pageScripts.filter((script) => isSceneCode(script.name) || script.size > 250_000)).toEqual([]);
    await slot(page).screenshot({ path: 'test-results/screenshots/scene-from-worker.png' });
  },
);

test('stops drawing off screen and while paused, and draws again when back or played', fullRun, async ({ page }) => {
  test.slow(); // frame counts over several seconds, after software WebGL starts
  await page.goto('/');
  await slot(page).scrollIntoViewIfNeeded();
  await expect(slot(page)).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
  const worker = await watchWorker(page);
  expect(await worker.framesOver(1_500)).toBeGreaterThan(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(async () => (await worker.read()).received).toContain('motion');
  expect(await worker.framesOver(1_500)).toBe(0);
  await slot(page).scrollIntoViewIfNeeded();
  expect(await worker.framesOver(1_500)).toBeGreaterThan(0);

  await slot(page).getByRole('button', { name: 'Pause 3D scene' }).click();
  expect(await worker.framesOver(1_500)).toBe(0);
  await slot(page).getByRole('button', { name: 'Play 3D scene' }).click();
  expect(await worker.framesOver(1_500)).toBeGreaterThan(0);
});

test('a drag on the canvas reaches the worker; a paused scene ignores it', fullRun, async ({ page }) => {
  await page.goto('/');
  await slot(page).scrollIntoViewIfNeeded();
  await expect(slot(page)).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
  const worker = await watchWorker(page);
  const canvas = slot(page).locator('canvas');
  const box = (await canvas.boundingBox())!;
  const dragAcross = async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
  };
  await expect(canvas).toHaveCSS('cursor', 'grab');
  await dragAcross();
  await expect.poll(async () => (await worker.read()).received).toEqual(expect.arrayContaining(['drag', 'release']));

  await slot(page).getByRole('button', { name: 'Pause 3D scene' }).click();
  await expect(canvas).toHaveCSS('cursor', 'auto');
  const before = (await worker.read()).received.filter((type) => type === 'drag').length;
  await dragAcross();
  await page.waitForTimeout(500);
  expect((await worker.read()).received.filter((type) => type === 'drag')).toHaveLength(before);
});

/** The whole table in frame (nothing at the bottom edge) and little empty frame above or below it. */
function expectFramed(rows: ReturnType<typeof tableRows>, where: string) {
  expect(rows.bottomEdge, `${where}: table at the frame's bottom edge`).toBeLessThan(0.05);
  expect(rows.top, `${where}: empty frame above the table`).toBeLessThan(0.12);
  expect(rows.bottom, `${where}: empty frame below the table`).toBeGreaterThan(0.88);
}

for (const width of [390, 1440]) {
  test(
    `the whole table shows, with little empty frame, in the still and the live scene at ${width} px`,
    fullRun,
    async ({ browser }) => {
      for (const reducedMotion of ['no-preference', 'reduce'] as const) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion });
        const page = await context.newPage();
        await page.goto('/');
        await slot(page).scrollIntoViewIfNeeded();
        const mode = reducedMotion === 'reduce' ? 'still' : 'live';
        if (mode === 'still') {
          await expectStill(page);
        } else {
          await expect(slot(page)).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
          // The control sits over the picture's corner: measure the picture alone.
          await slot(page)
            .getByRole('button')
            .evaluate((button: HTMLElement) => (button.style.visibility = 'hidden'));
        }
        const shot = await slot(page).screenshot();
        await page.screenshot({ path: test.info().outputPath(`scene-${mode}-${width}.png`) });
        expectFramed(tableRows(shot), `${mode} at ${width} px`);
        await context.close();
      }
    },
  );
}

test("the scene's pause/play control is there from the moment the scene starts loading", fullRun, async ({ page }) => {
  // The worker's script is held: the scene stays loading.
  await page.route('**/_astro/sceneWorker*', () => new Promise(() => {}));
  const modes = await recordSceneModes(page);
  await page.goto('/');
  await slot(page).scrollIntoViewIfNeeded();
  await expect.poll(modes).toEqual(['loading']);
  const pause = slot(page).getByRole('button', { name: 'Pause 3D scene' });
  await expect(pause).toBeVisible();
  // A forward Tab pass from the section's heading meets it.
  await page.locator('#scene-title').evaluate((heading: HTMLElement) => {
    heading.tabIndex = -1;
    heading.focus();
  });
  await page.keyboard.press('Tab');
  await expect(pause).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(slot(page).getByRole('button', { name: 'Play 3D scene' })).toBeFocused();
  await expect(slot(page)).toHaveAttribute('data-paused', 'true');
});

test('a paused scene stays paused for the session: after reload and after Back', fullRun, async ({ page }) => {
  await page.goto('/');
  await slot(page).scrollIntoViewIfNeeded();
  await expect(slot(page)).toHaveAttribute('data-scene', /loading|live/, { timeout: 60_000 });
  await slot(page).getByRole('button', { name: 'Pause 3D scene' }).click();

  const expectPaused = async (when: string) => {
    await slot(page).scrollIntoViewIfNeeded();
    await expect(slot(page), when).toHaveAttribute('data-scene', /loading|live/, { timeout: 60_000 });
    await expect(slot(page).getByRole('button', { name: 'Play 3D scene' }), when).toBeVisible();
    await expect(slot(page), when).toHaveAttribute('data-paused', 'true');
  };
  await page.reload();
  await expectPaused('after reload');
  await page.goto('/privacy');
  await page.goBack();
  await expectPaused('after Back');
});
