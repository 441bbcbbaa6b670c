/**
 * `npm ci` installs exactly the bytes the lock file names: every package it can fetch on this machine carries an
 * integrity hash, and so does the Node runtime every npm script runs on (it once came from an install script's own
 * `npm install`, outside the lock).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

interface Entry {
  version?: string;
  integrity?: string;
  link?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  hasInstallScript?: boolean;
}
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, Entry>;
};
const entries = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.link);

/** Whether npm would install an entry on this machine (its os and cpu fields allow it). */
const installsHere = ({ os, cpu }: Entry) =>
  (!os || os.includes(process.platform)) && (!cpu || cpu.includes(process.arch));

test('every package npm ci installs here has an integrity hash in the lock', () => {
  const missing = entries.filter(([, entry]) => installsHere(entry) && !entry.integrity).map(([path]) => path);
  expect(missing).toEqual([]);
  // Those without one are other platforms' optional builds, never fetched here.
  for (const [path, entry] of entries.filter(([, entry]) => !entry.integrity)) expect(entry.optional, path).toBe(true);
});

test('the pinned Node runtime comes from the lock, with no install script', () => {
  const runtime = entries.find(([path]) => path === `node_modules/node-${process.platform}-${process.arch}`)?.[1];
  expect(runtime?.integrity).toMatch(/^sha512-/);
  expect(runtime?.version).toMatch(/^24\./);
  expect(entries.filter(([, entry]) => entry.hasInstallScript).map(([path]) => path)).not.toContain(
    'node_modules/node',
  );
});
