/**
 * Runs the legal compliance check (src/lib/legal/rules.ts) on every built legal page of the list
 * (src/lib/legal/pages.ts) at the end of every build: a page missing a required clause, saying what no page may say,
 * or typing a figure no token produced fails the build, naming the page and the clause.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { readLegalSource } from '../lib/legal/loader.node.ts';
import { legalPages, type LegalPageKind } from '../lib/legal/pages.ts';
import { assertLegalPages, expectationsFor, type LegalExpectations } from '../lib/legal/rules.ts';

export interface BuiltLegalPage {
  kind: LegalPageKind;
  path: string;
  html: string;
  expected: LegalExpectations;
}

/**
 * Reads every built legal page from `distDir` (written as `privacy.html`: build.format is "file") and its Markdown
 * source's front matter and typed figures from `root`.
 */
export async function readBuiltLegalPages(distDir: URL, root: URL): Promise<BuiltLegalPage[]> {
  return Promise.all(
    legalPages.map(async ({ kind, path }) => {
      const source = await readLegalSource(fileURLToPath(new URL(`src/content/legal/${kind}.md`, root)));
      return {
        kind,
        path,
        html: await readFile(new URL(`${path.replace(/^\//, '')}.html`, distDir), 'utf8'),
        expected: expectationsFor(source),
      };
    }),
  );
}

export function legalCheck(): AstroIntegration {
  let root: URL;
  return {
    name: 'legal-check',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        assertLegalPages(await readBuiltLegalPages(dir, root));
        logger.info(`${legalPages.map((page) => page.linkLabel).join(', ')}: the compliance check passes.`);
      },
    },
  };
}
