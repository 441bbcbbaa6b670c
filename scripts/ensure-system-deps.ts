/**
 * The Debian packages the project's commands need, installed once, up front, by the first step of each npm script
 * that needs them (never by a test):
 *
 *   node scripts/ensure-system-deps.ts [group...]   every group when none is named
 *
 * Missing packages are installed in one `apt-get install` call when this runs as root on Debian; elsewhere it stops,
 * naming the packages and the command to run (or CHROME_PATH, for a Chromium of one's own).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.ts';
import { modulesDir, nginxBinary } from './nginx.ts';

/** The engines suite's browsers (tests/engines/), from Debian. */
export const firefoxPath = '/usr/bin/firefox-esr';
export const miniBrowserPath = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const webKitDriverPath = '/usr/bin/WebKitWebDriver';

const runs = (command: string, ...args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const gstreamer = (file: string) => existsSync(`/usr/lib/x86_64-linux-gnu/gstreamer-1.0/${file}`);

/** Each group's packages, each with how to tell it is installed. */
const groups: Record<string, Record<string, () => boolean>> = {
  // The end-to-end tests, the report and the footage renderer.
  browser: {
    chromium: () => Boolean(chromiumPath()),
    'fonts-noto-color-emoji': () =>
      Boolean(process.env.CHROME_PATH) || existsSync('/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'),
  },
  // `npm start`, the tests and the report: the production nginx configuration, TLS for the Observatory test.
  server: {
    nginx: () => existsSync(nginxBinary),
    'libnginx-mod-http-brotli-filter': () => existsSync(`${modulesDir}/ngx_http_brotli_filter_module.so`),
    'libnginx-mod-http-brotli-static': () => existsSync(`${modulesDir}/ngx_http_brotli_static_module.so`),
    openssl: () => runs('openssl', 'version'),
  },
  // The W3C Nu HTML Checker (scripts/nu-validate.ts, in `npm test` and the report) is a Java program.
  html: { 'default-jre-headless': () => runs('java', '-version') },
  // The media pipeline (`npm run media`, `npm run footage`) and its integration test.
  media: { ffmpeg: () => runs('ffmpeg', '-version') && runs('ffprobe', '-version') },
  // The engines suite: WebKitGTK and Firefox ESR on an X display. WebKit plays video through GStreamer: VP9 (good),
  // H.264 and AV1 (libav), the parsers (bad), GL upload (gl).
  engines: {
    'webkit2gtk-driver': () => existsSync(webKitDriverPath) && existsSync(miniBrowserPath),
    xvfb: () => existsSync('/usr/bin/xvfb-run'),
    xauth: () => existsSync('/usr/bin/xauth'),
    'gstreamer1.0-plugins-good': () => gstreamer('libgstvpx.so'),
    'gstreamer1.0-plugins-bad': () => gstreamer('libgstvideoparsersbad.so'),
    'gstreamer1.0-libav': () => gstreamer('libgstlibav.so'),
    'gstreamer1.0-gl': () => gstreamer('libgstopengl.so'),
    'firefox-esr': () => existsSync(firefoxPath),
  },
};

/** The named groups' missing packages (every group's when none is named), as [group, packages] pairs. */
export function missingPackages(names: string[]): [string, string[]][] {
  const unknown = names.filter((name) => !(name in groups));
  if (unknown.length) {
    throw new Error(`unknown group(s) ${unknown.join(', ')}; expected some of ${Object.keys(groups).join(', ')}`);
  }
  return (names.length ? [...new Set(names)] : Object.keys(groups))
    .map((name): [string, string[]] => [name, Object.keys(groups[name]!).filter((pkg) => !groups[name]![pkg]!())])
    .filter(([, packages]) => packages.length);
}

const listed = (missing: [string, string[]][]) =>
  missing.map(([name, packages]) => `${name} (${packages.join(', ')})`).join('; ');

/** What a test whose tool is missing should say (undefined when every package is here): tests install nothing. */
export function systemPackagesProblem(...names: string[]) {
  const missing = missingPackages(names);
  if (missing.length === 0) return undefined;
  return (
    `Missing system packages: ${listed(missing)}. Tests install nothing: run ` +
    `\`node scripts/ensure-system-deps.ts ${missing.map(([name]) => name).join(' ')}\` as root (the first step of ` +
    `\`npm test\` does), or \`sudo apt-get install -y ${missing.flatMap(([, packages]) => packages).join(' ')}\`.`
  );
}

/** Runs apt-get without questions; RUNLEVEL=1 keeps Debian's nginx from starting on :80. Waits for a held lock. */
function apt(...args: string[]) {
  const run = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) {
    const output = `${run.stdout}${run.stderr}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`\`apt-get ${args.join(' ')}\` failed (exit ${run.status ?? run.signal}):\n${output}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const names = process.argv.slice(2);
    const missing = missingPackages(names);
    const packages = missing.flatMap(([, list]) => list);
    if (packages.length === 0) {
      console.log(`system packages: ${names.join(', ') || 'every group'} present`);
    } else if (process.getuid?.() !== 0 || !runs('apt-get', '--version')) {
      throw new Error(
        `Missing system packages: ${listed(missing)}. This process cannot install them (it needs root and ` +
          `apt-get): run  sudo apt-get install -y ${packages.join(' ')}  (on Debian; elsewhere the same tools ` +
          `from its package manager; for the browser group, CHROME_PATH may name a Chromium binary instead), ` +
          `then run the command again.`,
      );
    } else {
      const start = performance.now();
      console.log(`system packages: installing ${packages.join(' ')} from Debian...`);
      apt('update', '-qq');
      apt('install', '-y', '-qq', ...packages);
      const still = missingPackages(missing.map(([name]) => name));
      if (still.length) throw new Error(`system packages: still missing after apt-get install: ${listed(still)}`);
      console.log(`system packages: installed in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
