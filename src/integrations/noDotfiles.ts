/**
 * Leaves files and folders whose name starts with a dot out of dist/, whatever put them in public/ (a `.env`, a
 * `.git/` folder, the `.DS_Store` macOS writes into every folder it shows): static hosts publish dist/ as it is. Only
 * `/.well-known/` is published (run by finishDist.ts). nginx also answers 404 for any dotfile (deploy/site.conf), for a
 * dist/ made otherwise.
 */
import { readdir, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** Removes the dot-named files and folders under `dir` but `.well-known/` itself; returns their paths, sorted. */
export async function removeDotfiles(dir: string): Promise<string[]> {
  // The topmost dot-named entry of each path: its own name is the first that starts with a dot.
  const removed = (await readdir(dir, { recursive: true })).sort().filter((path) => {
    const segments = path.split(sep);
    const first = segments.findIndex((name, index) => name.startsWith('.') && !(index === 0 && name === '.well-known'));
    return first === segments.length - 1;
  });
  await Promise.all(removed.map((path) => rm(join(dir, path), { recursive: true, force: true })));
  return removed;
}
