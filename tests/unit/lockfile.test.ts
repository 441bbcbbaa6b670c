/**
 * An install (`npm install` or `npm ci`) fetches exactly the bytes the lock file names: every package, on any
 * platform, carries an integrity hash (other platforms' compiler bindings once had none:
 * scripts/lockfile-platform-bindings.ts), and so does the Node runtime every npm script runs on (it once came from an
 * install script's own `npm install`, outside the lock).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

interface Entry {
  version?: string;
  integrity?: string;
  link?: boolean;
  hasInstallScript?: boolean;
}
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, Entry>;
};
// The project's own workspaces (packages/legal) are folders here, not downloads: only what npm fetches has a hash.
const entries = Object.entries(lock.packages).filter(([path, entry]) => path.includes('node_modules/') && !entry.link);

test('every package in the lock has an integrity hash, whatever platform installs it', () => {
  expect(entries.filter(([, entry]) => !entry.integrity?.startsWith('sha512-')).map(([path]) => path)).toEqual([]);
});

test('the pinned Node runtime comes from the lock, with no install script', () => {
  const runtime = entries.find(([path]) => path === `node_modules/node-${process.platform}-${process.arch}`)?.[1];
  expect(runtime?.integrity).toMatch(/^sha512-/);
  expect(runtime?.version).toMatch(/^24\./);
  expect(entries.filter(([, entry]) => entry.hasInstallScript).map(([path]) => path)).not.toContain(
    'node_modules/node',
  );
});
