/**
 * This machine's npm registry mirror serves only the Linux x64 builds of the Astro compiler's native bindings, so an
 * `npm install` that writes package-lock.json from scratch leaves the other platforms' optional entries out, and
 * `npm ci` elsewhere then refuses the lock ("Missing: @astrojs/compiler-binding-darwin-arm64@ from lock file"). This
 * adds those entries (optional, with their os/cpu, so no machine downloads one that does not match it), in npm's key
 * order, each with the integrity hash the registry publishes for it, so that `npm ci` on any platform fetches nothing
 * it cannot check. Run it by hand when an install has dropped them:
 * `node scripts/lockfile-platform-bindings.ts`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = Record<string, unknown> & { version?: string; engines?: unknown };
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };
const parent = lock.packages['node_modules/@astrojs/compiler-binding'];
if (!parent)
  throw new Error('package-lock.json has no node_modules/@astrojs/compiler-binding entry: nothing to complete.');

/** name suffix -> [os, cpu, libc] as the packages declare them */
const platforms: Record<string, [string[] | undefined, string[], string[]?]> = {
  'android-arm64': [['android'], ['arm64']],
  'darwin-arm64': [['darwin'], ['arm64']],
  'darwin-x64': [['darwin'], ['x64']],
  'linux-arm64-gnu': [['linux'], ['arm64'], ['glibc']],
  'linux-arm64-musl': [['linux'], ['arm64'], ['musl']],
  'wasm32-wasi': [undefined, ['wasm32']],
  'win32-arm64-msvc': [['win32'], ['arm64']],
  'win32-x64-msvc': [['win32'], ['x64']],
};

/** The hash the registry publishes for one package version, which npm checks the tarball against. */
function integrityOf(name: string, version: unknown): string {
  const json = execFileSync('npm', ['view', `${name}@${String(version)}`, 'dist.integrity', '--json'], {
    encoding: 'utf8',
  });
  const integrity = JSON.parse(json || 'null') as unknown;
  if (typeof integrity !== 'string') throw new Error(`The registry gave ${name}@${String(version)} no integrity.`);
  return integrity;
}

let added = 0;
for (const [suffix, [os, cpu, libc]] of Object.entries(platforms)) {
  const name = `@astrojs/compiler-binding-${suffix}`;
  const key = `node_modules/${name}`;
  if (lock.packages[key]?.integrity) continue;
  const { version, engines } = parent;
  // In the key order npm writes.
  lock.packages[key] = {
    version,
    integrity: integrityOf(name, version),
    cpu,
    ...(libc && { libc }),
    license: 'MIT',
    optional: true,
    ...(os && { os }),
    engines,
  };
  added++;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  `package-lock.json: ${added} platform binding entr${added === 1 ? 'y' : 'ies'} added or given an integrity.`,
);
