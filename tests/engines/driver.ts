/**
 * One small interface over the three browser engines the smoke suite drives, all from Debian:
 *
 * - Chromium, and Firefox ESR over WebDriver BiDi, with puppeteer-core;
 * - WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver. Debian's build speaks WebDriver classic only (a session
 *   asking for `webSocketUrl`, i.e. BiDi, is refused), which puppeteer does not speak, so a few lines below talk
 *   it over HTTP. (selenium-webdriver speaks both, but drives Firefox only through geckodriver, which Debian lacks
 *   and which may not be downloaded here.)
 *
 * WebKit and Firefox run headed on the Xvfb display `npm run test:engines` starts with xvfb-run (WebGL and video
 * decoding as on a desktop). The checks only use what all three can do: open a page, run a synchronous function in
 * it, click, take a screenshot.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { PNG } from 'pngjs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { firefoxPath, miniBrowserPath, webKitDriverPath } from '../../scripts/ensure-system-deps.ts';
import { freePort } from '../support/processes.ts';

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
  /** Closes the browser and stops the processes started for it (WebKit's driver). */
  close(): Promise<void>;
}

/**
 * Records uncaught errors, unhandled rejections and Content-Security-Policy refusals in `window.__engineErrors`, and
 * the first moment a video starts playing in `window.__firstPlaying` (media events do not bubble, so both listen in
 * the capture phase). WebKit's console cannot be read through its driver, so every engine collects errors the same
 * way, from this script (which WebKitWebDriver can only install once the page has loaded: docs/testing.md says what
 * covers the parse there).
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
  // What the Content-Security-Policy refused: the page's own policy must allow all the site runs, in every engine.
  document.addEventListener('securitypolicyviolation', (event) =>
    window.__engineErrors.push('CSP ' + event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline code')));
  document.addEventListener('playing', () => { window.__firstPlaying ??= performance.now(); }, true);
})();`;

/**
 * Polls `check` until it returns something truthy (a throw counts as not yet); throws `message` (a function may say
 * what was last seen) after `timeout` ms.
 */
export async function pollUntil<T>(
  check: () => Promise<T>,
  { timeout = 20_000, interval = 100, message = 'timed out' as string | (() => string) } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`${typeof message === 'function' ? message() : message} (${timeout} ms)`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** The processes started for the engine that is open (at most one engine is open at a time). */
const children = new Set<ChildProcess>();

function start(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops every process started here, each by its own handle: SIGTERM, then SIGKILL after five seconds. */
export async function stopChildren() {
  await Promise.all(
    [...children].map(async (child) => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(kill);
    }),
  );
}

/** Launches one engine on the site served at `origin`. */
export async function launchEngine(name: EngineName, origin: string): Promise<Engine> {
  if (name !== 'chromium' && !process.env.DISPLAY)
    throw new Error(`${name} runs on an X display: start the suite with \`npm run test:engines\` (xvfb-run).`);
  if (name === 'webkit') return launchWebKit(origin);
  if (name === 'chromium') {
    const executablePath = chromiumPath();
    if (!executablePath) throw new Error('No Chromium: install Debian\'s "chromium" or set CHROME_PATH.');
    return puppeteerEngine(name, origin, await puppeteer.launch({ executablePath, args: chromiumArgs }));
  }
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    // Headed, on Xvfb: headless Firefox has no WebGL here.
    headless: false,
    defaultViewport: null,
    extraPrefsFirefox: {
      // The page's video is muted, which every engine lets play; make that explicit for a profile without history.
      'media.autoplay.default': 0,
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
    },
  });
  return puppeteerEngine(name, origin, firefox);
}

async function puppeteerEngine(name: EngineName, origin: string, browser: Browser): Promise<Engine> {
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.evaluateOnNewDocument(errorRecorder);
  return {
    name,
    async setViewport(width, height) {
      await page.setViewport({ width, height });
      return page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    },
    async open(path) {
      await page.goto(origin + path);
    },
    evaluate: (fn, ...args) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`) as never,
    click: (selector) => page.click(selector),
    async screenshot(selector) {
      const target = selector ? await page.$(selector) : page;
      if (!target) throw new Error(`no element matches ${selector}`);
      return Buffer.from(await target.screenshot());
    },
    async close() {
      await browser.close();
      await stopChildren();
    },
  };
}

/** One WebDriver classic command: its `value`, or an error naming the command and what the driver answered. */
async function webDriver(url: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) {
  const response = await fetch(url + path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const { value } = (await response.json()) as { value: { error?: string; message?: string } & Record<string, never> };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value.error}: ${value.message}`);
  return value;
}

async function launchWebKit(origin: string): Promise<Engine> {
  const url = `http://127.0.0.1:${await freePort()}`;
  const driver = start(webKitDriverPath, [`--port=${new URL(url).port}`, '--host=local']);
  await pollUntil(
    async () => {
      if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
      return (await webDriver(url, 'GET', '/status')).ready;
    },
    { timeout: 15_000, message: `WebKitWebDriver did not answer on ${url}` },
  );
  const { sessionId } = await webDriver(url, 'POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
        // WebDriver classic has no way to run a script before the page's own, so the error recorder goes in right
        // after the load event: the islands hydrate after it, once the browser is idle. ('eager' would be earlier,
        // but WebKitWebDriver then holds every script command until the page's load completes, for minutes.)
        pageLoadStrategy: 'normal',
      },
    },
  });
  const session = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) =>
    webDriver(url, method, `/session/${sessionId}${path}`, body);
  const element = async (selector: string) =>
    Object.values(await session('POST', '/element', { using: 'css selector', value: selector }))[0] as string;
  const evaluate = <T, A extends unknown[]>(fn: (...args: A) => T, ...args: A) =>
    session('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments)`, args }) as Promise<T>;
  return {
    name: 'webkit',
    async setViewport(width, height) {
      // The window's size includes MiniBrowser's toolbar, and a resize lands a moment later: size the window, then
      // correct it by what the page lacks or has too much, until the page reports the size asked for. WebKit's
      // narrowest window is 447 px, which is why the suite's phone width is 447.
      let chrome = { width: 0, height: 0 };
      return pollUntil(
        async () => {
          await session('POST', '/window/rect', { width: width + chrome.width, height: height + chrome.height });
          const size = await evaluate(() => ({ width: innerWidth, height: innerHeight }));
          if (size.width === width && size.height === height) return size;
          chrome = { width: chrome.width + width - size.width, height: chrome.height + height - size.height };
          return undefined;
        },
        { timeout: 15_000, interval: 200, message: `MiniBrowser's page never became ${width}x${height}` },
      );
    },
    async open(path) {
      // WebKitWebDriver can answer before the new document has replaced the old one: mark the old one, and wait
      // for a loaded document without the mark.
      await evaluate(() => void ((window as unknown as { __engineOld: boolean }).__engineOld = true));
      await session('POST', '/url', { url: origin + path });
      await pollUntil(() =>
        evaluate(
          () =>
            !(window as unknown as { __engineOld?: boolean }).__engineOld &&
            document.readyState === 'complete' &&
            performance.getEntriesByType('navigation').length > 0,
        ),
      );
      await session('POST', '/execute/sync', { script: errorRecorder, args: [] });
    },
    evaluate,
    async click(selector) {
      await session('POST', `/element/${await element(selector)}/click`, {});
    },
    async screenshot(selector) {
      const viewport = async () => Buffer.from(String(await session('GET', '/screenshot')), 'base64');
      if (!selector) return viewport();
      // WebKitWebDriver's own element screenshot took another part of the page at 1440 px (the footer, for the
      // scene's still): the element is cut from the viewport's screenshot instead.
      const box = await evaluate((query: string) => {
        const target = document.querySelector(query);
        target?.scrollIntoView({ block: 'center' });
        const { x, y, width, height } = target?.getBoundingClientRect() ?? new DOMRect();
        return [x, y, width, height].map((value) => Math.round(value * devicePixelRatio));
      }, selector);
      const [x = 0, y = 0, width = 0, height = 0] = box;
      if (width === 0 || height === 0) throw new Error(`no element with a size matches ${selector}`);
      // WebKitGTK can still hand over the frame from before the scroll: the same picture twice is the settled one.
      let shot = await viewport();
      for (let tries = 0; tries < 5; tries++) {
        const again = await viewport();
        if (again.equals(shot)) break;
        shot = again;
      }
      const whole = PNG.sync.read(shot);
      const part = new PNG({ width, height });
      PNG.bitblt(whole, part, x, y, Math.min(width, whole.width - x), Math.min(height, whole.height - y), 0, 0);
      return PNG.sync.write(part);
    },
    async close() {
      await session('DELETE', '').catch(() => undefined);
      await stopChildren();
    },
  };
}
