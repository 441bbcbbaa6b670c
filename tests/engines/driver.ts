/**
 * One small interface over the three browser engines the smoke suite drives, each through the only client that
 * works with it here:
 *
 * - Chromium: Debian's binary through playwright-core (as the Playwright suite does);
 * - WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver, WebDriver classic, with selenium-webdriver;
 * - Firefox: Firefox ESR over WebDriver BiDi, with puppeteer-core (`browser: 'firefox'`).
 *
 * WebKit and Firefox run headed on an Xvfb display (WebGL and video decoding as on a desktop). The checks only use
 * what all three can do: open a page, run a synchronous function in it, click, take a screenshot.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder, By } from 'selenium-webdriver';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { firefoxPath, miniBrowserPath, pollUntil } from '../../scripts/engines.mjs';

export const engineNames = ['chromium', 'webkit', 'firefox'] as const;
export type EngineName = (typeof engineNames)[number];

export interface Engine {
  readonly name: EngineName;
  /** Sizes the page's viewport (not the window) and returns the size the page reports. */
  setViewport(width: number, height: number): Promise<{ width: number; height: number }>;
  /** Opens a path of the site with the error recorder (errorRecorder) installed as early as the driver allows. */
  open(path: string): Promise<void>;
  /** Runs a synchronous, self-contained function in the page and returns its (JSON-able) result. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T>;
  /** A real click (pointer events through the driver) on the first element matching a CSS selector. */
  click(selector: string): Promise<void>;
  /** A PNG of the viewport, or of one element when a selector is given. */
  screenshot(selector?: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Records uncaught errors and unhandled rejections in `window.__engineErrors`, and the first moment a video starts
 * playing in `window.__firstPlaying` (media events do not bubble, so both listen in the capture phase). WebKit's
 * console cannot be read through its driver, so every engine collects errors the same way, from this script.
 */
export const errorRecorder = `(() => {
  if (window.__engineErrors) return;
  window.__engineErrors = [];
  addEventListener('error', (event) => {
    const target = event.target;
    if (target && target !== window && target.tagName) {
      // A resource that failed to load: an image, a script or a stylesheet. Not a video's <source>: skipping one
      // whose media query or type does not match fires "error" at it by design. Not a modulepreload hint either:
      // Firefox fires "error" at some that React and Vite add, while the import itself (which would throw) works.
      if (target.tagName === 'SOURCE' || target.rel === 'modulepreload') return;
      window.__engineErrors.push('failed to load ' + target.tagName.toLowerCase() + ' ' + (target.currentSrc || target.src || target.href));
    } else window.__engineErrors.push(String(event.message));
  }, true);
  addEventListener('unhandledrejection', (event) => window.__engineErrors.push('unhandled rejection: ' + String(event.reason)));
  document.addEventListener('playing', () => { window.__firstPlaying ??= performance.now(); }, true);
})();`;

/** Launches one engine. `display` is the X display WebKit and Firefox draw on; `origin` the served site. */
export async function launchEngine(name: EngineName, { display, origin, webKitDriverUrl }: LaunchOptions) {
  if (name === 'chromium') return launchChromium(origin);
  if (name === 'webkit') return launchWebKit(origin, webKitDriverUrl);
  return launchFirefox(origin, display);
}

interface LaunchOptions {
  /** Where Firefox draws; MiniBrowser inherits WebKitWebDriver's display. */
  display: string;
  origin: string;
  /** A running WebKitWebDriver (scripts/engines.mjs startWebKitDriver). */
  webKitDriverUrl: string;
}

async function launchChromium(origin: string): Promise<Engine> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium: install Debian\'s "chromium" or set CHROME_PATH.');
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const page = await browser.newPage();
  await page.addInitScript(errorRecorder);
  return {
    name: 'chromium',
    async setViewport(width, height) {
      await page.setViewportSize({ width, height });
      return { width, height };
    },
    async open(path) {
      await page.goto(origin + path);
    },
    evaluate: (fn, ...args) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`),
    click: (selector) => page.click(selector),
    screenshot: (selector) => (selector ? page.locator(selector).screenshot() : page.screenshot()),
    close: () => browser.close(),
  };
}

async function launchWebKit(origin: string, driverUrl: string): Promise<Engine> {
  const driver = await new Builder()
    .usingServer(driverUrl)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
      // WebDriver classic has no way to run a script before the page's own, so the error recorder goes in right
      // after the load event: the islands hydrate after it, once the browser is idle. ('eager' would be earlier,
      // but WebKitWebDriver then holds every script command until the page's load completes, for minutes.)
      pageLoadStrategy: 'normal',
    })
    .build();
  const evaluate = <T, A extends unknown[]>(fn: (...args: A) => T, ...args: A) =>
    driver.executeScript<T>(`return (${fn}).apply(null, arguments)`, ...args);
  return {
    name: 'webkit',
    async setViewport(width, height) {
      // The window's size includes MiniBrowser's toolbar, and a resize lands a moment later: size the window, then
      // correct it by what the page lacks or has too much, until the page reports the size asked for. WebKit's
      // narrowest window is 447 px, which is why the suite's phone width is 447.
      const inner = () => evaluate(() => ({ width: innerWidth, height: innerHeight }));
      let chrome = { width: 0, height: 0 };
      return pollUntil(
        async () => {
          await driver
            .manage()
            .window()
            .setRect({ width: width + chrome.width, height: height + chrome.height });
          const size = await inner();
          if (size.width === width && size.height === height) return size;
          chrome = { width: chrome.width + width - size.width, height: chrome.height + height - size.height };
          return undefined;
        },
        { timeout: 15_000, interval: 200, message: `MiniBrowser's page never became ${width}x${height}` },
      );
    },
    async open(path) {
      // WebKitWebDriver can answer `get` before the new document has replaced the old one: mark the old one, and
      // wait for a loaded document without the mark.
      await evaluate(() => void ((window as unknown as { __engineOld: boolean }).__engineOld = true));
      await driver.get(origin + path);
      await pollUntil(() =>
        evaluate(
          () =>
            !(window as unknown as { __engineOld?: boolean }).__engineOld &&
            document.readyState === 'complete' &&
            performance.getEntriesByType('navigation').length > 0,
        ),
      );
      await driver.executeScript(errorRecorder);
    },
    evaluate,
    async click(selector) {
      await driver.findElement(By.css(selector)).click();
    },
    async screenshot(selector) {
      const png = selector
        ? await driver.findElement(By.css(selector)).takeScreenshot()
        : await driver.takeScreenshot();
      return Buffer.from(png, 'base64');
    },
    async close() {
      await driver.quit();
    },
  };
}

async function launchFirefox(origin: string, display: string): Promise<Engine> {
  const browser = await launchOnDisplay(() =>
    puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      // Headed, on Xvfb: headless Firefox has no WebGL here.
      headless: false,
      env: { ...process.env, DISPLAY: display },
      defaultViewport: null,
      extraPrefsFirefox: {
        // The page's video is muted, which every engine lets play; make that explicit for a profile without history.
        'media.autoplay.default': 0,
        'app.update.enabled': false,
        'browser.shell.checkDefaultBrowser': false,
      },
    }),
  );
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.evaluateOnNewDocument(errorRecorder);
  return {
    name: 'firefox',
    async setViewport(width, height) {
      await page.setViewport({ width, height });
      return page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    },
    async open(path) {
      await page.goto(origin + path);
    },
    evaluate: (fn, ...args) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`) as never,
    async click(selector) {
      await page.click(selector);
    },
    async screenshot(selector) {
      if (!selector) return Buffer.from(await page.screenshot());
      const element = await page.$(selector);
      if (!element) throw new Error(`no element matches ${selector}`);
      return Buffer.from(await element.screenshot());
    },
    close: () => browser.close(),
  };
}

/** Writes a screenshot to a file (for the report) and returns the path. */
export async function saveScreenshot(engine: Engine, path: string) {
  writeFileSync(path, await engine.screenshot());
  return path;
}

/**
 * Launches a headed browser, trying again (three times at most, a second apart) when the X display refuses the
 * connection: Xvfb runs with -noreset, but a display that is still starting or busy must not fail the whole suite.
 */
async function launchOnDisplay<T>(launch: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch();
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('cannot open display')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
