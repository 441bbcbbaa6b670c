/**
 * This machine's npm registry mirror serves only the Linux x64 builds of the Astro compiler's native bindings, so
 * `npm install` leaves the other platforms' optional entries out of package-lock.json, and `npm ci` then refuses
 * the lock ("Missing: @astrojs/compiler-binding-darwin-arm64@ from lock file"). This adds those entries (optional,
 * with their os/cpu, so no machine ever downloads one that does not match it). Run it after any `npm install`
 * that rewrites the lock: `node scripts/lockfile-platform-bindings.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const parent = lock.packages['node_modules/@astrojs/compiler-binding'];
if (!parent) throw new Error('package-lock.json has no @astrojs/compiler-binding entry: nothing to complete.');

/** name suffix -> [os, cpu, libc] as the packages declare them */
const platforms = {
  'android-arm64': [['android'], ['arm64']],
  'darwin-arm64': [['darwin'], ['arm64']],
  'darwin-x64': [['darwin'], ['x64']],
  'linux-arm64-gnu': [['linux'], ['arm64'], ['glibc']],
  'linux-arm64-musl': [['linux'], ['arm64'], ['musl']],
  'wasm32-wasi': [undefined, ['wasm32']],
  'win32-arm64-msvc': [['win32'], ['arm64']],
  'win32-x64-msvc': [['win32'], ['x64']],
};

let added = 0;
for (const [suffix, [os, cpu, libc]] of Object.entries(platforms)) {
  const key = `node_modules/@astrojs/compiler-binding-${suffix}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: parent.version,
    license: 'MIT',
    optional: true,
    cpu,
    ...(os && { os }),
    ...(libc && { libc }),
    engines: parent.engines,
  };
  added++;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform binding entr${added === 1 ? 'y' : 'ies'} added.`);
