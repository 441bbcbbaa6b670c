/**
 * The other browser engines the visitors use, for the cross-engine smoke suite (tests/engines/): WebKitGTK's
 * MiniBrowser driven through WebKitWebDriver (WebDriver classic) and Firefox ESR (WebDriver BiDi, through
 * puppeteer-core), both from Debian, both on an X display of their own (Xvfb) so that WebGL and video decoding work
 * as they do on a desktop. Playwright's own WebKit and Firefox builds cannot be downloaded here, and its BiDi client
 * fails on Firefox ESR 153, so neither is used.
 *
 * Every process started here is started by this module and stopped by its own pid.
 *
 * Its Debian packages are the `engines` group of scripts/ensure-system-deps.mjs, installed by the first step of
 * `npm test` and of `npm run test:engines`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { isAlive } from './nginx.mjs';

/** WebKitGTK's test browser; `--automation` lets WebKitWebDriver drive it. */
export const miniBrowserPath = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const webKitDriverPath = '/usr/bin/WebKitWebDriver';
export const firefoxPath = '/usr/bin/firefox-esr';
export const xvfbPath = '/usr/bin/Xvfb';

/**
 * Polls `check` every `interval` ms until it returns something truthy; throws `message` after `timeout` ms.
 * @template T
 * @param {() => Promise<T>} check
 * @param {{ timeout?: number, interval?: number, message?: string | (() => string) }} [options]
 * @returns {Promise<NonNullable<T>>}
 */
export async function pollUntil(check, { timeout = 20_000, interval = 100, message = 'timed out' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    // `message` may be a function, to say what was last seen.
    if (Date.now() > deadline) {
      throw new Error(`${typeof message === 'function' ? message() : message} (after ${timeout} ms)`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * Starts Xvfb on a display number it picks itself (`-displayfd`, so two runs never race for one); returns
 * { display: ':N', pid }. The screen is larger than the largest window the suite opens.
 */
export async function startXvfb() {
  // -noreset: by default Xvfb resets when its last client disconnects, and a browser connecting during that reset
  // (Firefox right after WebKit's MiniBrowser closes) fails with "cannot open display".
  const args = ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp', '-noreset'];
  const child = spawn(xvfbPath, args, {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const display = await new Promise((resolve, reject) => {
    let out = '';
    child.stdio[3].on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it was ready: ${stderr.trim()}`)));
  });
  return { display, pid: child.pid };
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts WebKitWebDriver on 127.0.0.1 for an X display; resolves once it answers /status: { url, pid }. */
export async function startWebKitDriver({ display }) {
  const port = await freePort();
  const child = spawn(webKitDriverPath, [`--port=${port}`, '--host=local'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DISPLAY: display },
  });
  const url = `http://127.0.0.1:${port}`;
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`);
      const response = await fetch(`${url}/status`);
      return (await response.json()).value?.ready;
    },
    { timeout: 15_000, message: `WebKitWebDriver did not answer on ${url}` },
  );
  return { url, pid: child.pid };
}

/** Stops one process by its pid: SIGTERM, then SIGKILL if it is still there after five seconds. */
export async function stopProcess(pid) {
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const gone = await pollUntil(async () => !isAlive(pid), { timeout: 5_000, interval: 50 }).catch(() => false);
  if (!gone && isAlive(pid)) process.kill(pid, 'SIGKILL');
}
