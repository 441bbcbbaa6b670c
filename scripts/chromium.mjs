/**
 * The browser every test, report and renderer drives: Debian's Chromium (no test downloads one), or the binary
 * CHROME_PATH names, and the flags it needs on this kind of machine. scripts/ensure-system-deps.mjs installs it.
 */
import { existsSync } from 'node:fs';

/**
 * Flags headless Chromium needs here: no sandbox (tests run as root), no GPU, so WebGL is software-rendered by
 * SwiftShader (which Chromium no longer falls back to by itself without --enable-unsafe-swiftshader), no QUIC,
 * and no calls home.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where Chromium is looked for, in order: CHROME_PATH when set, then Debian's binary. */
export const chromiumCandidates = () => [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium binary to use, or undefined when there is none. */
export function chromiumPath() {
  return chromiumCandidates().find((path) => path && existsSync(path));
}
