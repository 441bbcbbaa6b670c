/**
 * Every change made to dist/ after Astro has written it, in one step whose order is the code's order:
 * 1. dotfiles are left out, so nothing after this step can publish or compress a `.env`;
 * 2. each page's HTML is finished: Astro's island style moves into the head;
 * 3. every same-site link with a fragment is checked against the ids of the page it opens (fragmentLinks.ts): a
 *    broken one stops the build, naming the page, the href and the target's closest ids;
 * 4. no page says a word of a feature the app lacks, as in effect today (src/lib/featureWords.node.ts);
 * 5. the host files of this build are written (src/lib/hostFiles.node.ts): the static hosts' into dist/ (with a page
 *    at each moved legal page's former address), nginx's beside it (dist-nginx/), where no host publishes them.
 * The site integration (site.ts) registers it after every other integration but astro-compressor, so it also sees the files they
 * write (the sitemap), and the compressed copies are made of the files as they ship.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { SiteConfig } from '../config/index.ts';
import { offFeatureWordsIn } from '../lib/featureWords.node.ts';
import { configInEffect } from 'legal-record';
import { siteLegalMoves } from '../lib/pageTable.node.ts';
import { writeHostFiles } from '../lib/hostFiles.node.ts';
import { brokenFragmentLinks, addressOf } from './fragmentLinks.ts';
import { hoistIslandStyleIn } from './hoistIslandStyle.ts';
import { removeDotfiles } from './noDotfiles.ts';

export async function finishDist(
  dir: string,
  logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>,
  config: SiteConfig,
) {
  const removed = await removeDotfiles(dir);
  if (removed.length)
    logger.warn(`left out of the site, as names starting with a dot are never published: ${removed.join(', ')}`);

  const pages = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
  const built = new Map<string, string>();
  for (const page of pages) {
    const html = hoistIslandStyleIn(await readFile(page, 'utf8'));
    await writeFile(page, html);
    built.set(addressOf(relative(dir, page)), html);
  }
  const moves = siteLegalMoves(config);
  const moved = new Map(moves.map(({ from, to }) => [from, to]));
  const broken = brokenFragmentLinks(built, new URL(config.siteUrl).origin, moved);
  if (broken.length)
    throw new Error(
      `Links to a page or an id the build does not have (docs/legal-pages.md#links-between-pages):\n${broken.map((line) => `  - ${line}`).join('\n')}`,
    );
  const said = offFeatureWordsIn(built, configInEffect(config));
  if (said.length)
    throw new Error(
      `Words of a feature the app lacks (docs/legal-pages.md#features): put each in an {{#if <feature>}} block, with the words that stand instead after {{else}}:\n${said.map((line) => `  - ${line}`).join('\n')}`,
    );
  await writeHostFiles(dir, config, moves);
}

export function finishDistIntegration(config: SiteConfig): AstroIntegration {
  return {
    name: 'finish-dist',
    hooks: {
      'astro:build:done': ({ dir, logger }) => finishDist(fileURLToPath(dir), logger, config),
    },
  };
}
