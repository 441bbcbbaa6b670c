/**
 * The Chromium every test, report and renderer drives: the binary CHROME_PATH names, else Debian's (no test
 * downloads one), and the flags it needs here: no sandbox (tests run as root), no GPU, so WebGL is software-rendered
 * by SwiftShader (which Chromium no longer falls back to by itself), no QUIC, and no calls home.
 */
import { existsSync } from 'node:fs';

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

/** The Chromium binary to use, or undefined when there is none. */
export const chromiumPath = () =>
  [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path));
