/**
 * Makes sure the Debian packages the tests drive are on this machine: Chromium (the only browser the tests use;
 * no test downloads one), the emoji font, and ffmpeg (the media pipeline and its test). When one is missing and apt-get is available as root, it installs it;
 * otherwise it stops and says how to provide it. Run by `npm run test:e2e`; also importable.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each requirement: how to tell it is there, and the Debian packages that provide it. */
export const requirements = {
  chromium: {
    present: () => Boolean(chromiumPath()),
    packages: ['chromium', 'fonts-noto-color-emoji'],
    manual: 'install Debian\'s "chromium" package, or set CHROME_PATH to a Chromium or Chrome binary',
  },
  // The e2e suite runs over the production nginx configuration (deploy/), which loads Debian's brotli modules.
  nginx: {
    present: () =>
      ['/usr/sbin/nginx', '/usr/bin/nginx'].some((path) => existsSync(path)) &&
      existsSync('/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so') &&
      existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'),
    packages: ['nginx', 'libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static'],
    manual: 'install Debian\'s "nginx", "libnginx-mod-http-brotli-filter" and "libnginx-mod-http-brotli-static"',
  },
  // The Observatory test makes a throwaway certificate authority for TLS on loopback.
  openssl: {
    present: () => spawnSync('openssl', ['version']).status === 0,
    packages: ['openssl'],
    manual: 'install Debian\'s "openssl" package',
  },
  ffmpeg: {
    present: () => ['ffmpeg', 'ffprobe'].every((tool) => spawnSync(tool, ['-version']).status === 0),
    packages: ['ffmpeg'],
    manual: 'install Debian\'s "ffmpeg" package (sudo apt-get install ffmpeg)',
  },
};

/** Flags headless Chromium needs on this sandboxed machine: no sandbox as root, software GL, and no calls home. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium binary the tests use: CHROME_PATH when set, else Debian's. */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => path && existsSync(path));
}

let aptUpdated = false;

/** Installs the packages of each named requirement that is missing, or throws with a message that says what to do. */
export function ensure(...names) {
  for (const name of names) {
    const requirement = requirements[name];
    if (requirement.present()) continue;
    const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
    if (!canApt) {
      throw new Error(`${name} is missing and apt-get cannot run as root here: ${requirement.manual}.`);
    }
    console.log(`Installing ${requirement.packages.join(', ')} from Debian (needed for ${name})...`);
    // RUNLEVEL=1: Debian's nginx package would otherwise start the system nginx on port 80 right after installing.
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
    if (!aptUpdated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
    execFileSync('apt-get', ['install', '-y', '-qq', ...requirement.packages], {
      stdio: 'inherit',
      env,
    });
    if (!requirement.present()) throw new Error(`${name} is still missing after installing it: ${requirement.manual}.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensure(...(process.argv.length > 2 ? process.argv.slice(2) : Object.keys(requirements)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
