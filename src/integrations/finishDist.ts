/**
 * Every change made to dist/ after Astro has written it, in one step whose order is the code's order:
 * 1. dotfiles are left out, so nothing after this step can publish or compress a `.env`;
 * 2. each page's HTML is finished: Astro's island style moves into the head;
 * 3. the host files of this build are written (src/lib/hostFiles.node.ts);
 * 4. .br and .gz copies are written of every file as it ships, last.
 * astro.config.ts registers it after every other integration, so it also sees the files they write (the sitemap).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { siteConfig } from '../config/index.ts';
import { writeHostFiles } from '../lib/hostFiles.node.ts';
import { hoistIslandStyleIn } from './hoistIslandStyle.ts';
import { removeDotfiles } from './noDotfiles.ts';
import { precompress, type Precompressed } from './precompress.ts';

export async function finishDist(dir: string, logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>) {
  const removed = await removeDotfiles(dir);
  if (removed.length)
    logger.warn(`left out of the site, as names starting with a dot are never published: ${removed.join(', ')}`);

  const pages = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
  for (const page of pages) {
    await writeFile(page, hoistIslandStyleIn(await readFile(page, 'utf8')));
  }
  await writeHostFiles(dir, siteConfig());

  const written = await precompress(dir);
  const sum = (pick: (file: Precompressed) => number | undefined) =>
    written.reduce((total, file) => total + (pick(file) ?? 0), 0);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  logger.info(
    `${written.filter((file) => file.br !== undefined).length} of ${written.length} files precompressed: ` +
      `${kib(sum((file) => (file.br !== undefined ? file.bytes : 0)))} -> ${kib(sum((file) => file.br))} brotli, ` +
      `${kib(sum((file) => file.gz))} gzip`,
  );
}

export function finishDistIntegration(): AstroIntegration {
  return {
    name: 'finish-dist',
    hooks: {
      'astro:build:done': ({ dir, logger }) => finishDist(fileURLToPath(dir), logger),
    },
  };
}
