/**
 * A registry mirror that serves only the Linux x64 builds of the Astro compiler's native bindings makes an
 * `npm install` that writes package-lock.json from scratch leave the other platforms' optional entries out, and
 * `npm ci` elsewhere then refuses the lock ("Missing: @astrojs/compiler-binding-darwin-arm64@ from lock file"). This
 * adds each binding the compiler lists, as the registry publishes it (os, cpu and libc, so no machine downloads one
 * that does not match it, and the integrity hash npm checks its bytes against), in npm's key order. Run it by hand
 * when an install has dropped them: `node scripts/lockfile-platform-bindings.ts`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = Record<string, unknown> & { version?: string; optionalDependencies?: Record<string, string> };
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };
const parent = lock.packages['node_modules/@astrojs/compiler-binding'];
if (!parent?.optionalDependencies)
  throw new Error(
    'package-lock.json lists no bindings under node_modules/@astrojs/compiler-binding: nothing to complete.',
  );

let added = 0;
for (const [name, version] of Object.entries(parent.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]?.integrity) continue;
  const json = execFileSync('npm', ['view', `${name}@${version}`, 'os', 'cpu', 'libc', 'dist.integrity', '--json']);
  const { os, cpu, libc, 'dist.integrity': integrity } = JSON.parse(String(json)) as Record<string, unknown>;
  if (typeof integrity !== 'string') throw new Error(`The registry gave ${name}@${version} no integrity hash.`);
  lock.packages[key] = { version, integrity, cpu, libc, license: 'MIT', optional: true, os, engines: parent.engines };
  added++;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  `package-lock.json: ${added} platform binding entr${added === 1 ? 'y' : 'ies'} added or given an integrity.`,
);
