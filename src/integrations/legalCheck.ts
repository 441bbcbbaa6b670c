/**
 * Runs the legal compliance check (src/lib/legal/rules.ts) on the built Privacy Policy and Terms pages at the end of every
 * build: a page missing a required clause fails the build, naming the page and the clause.
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
 * Reads both built pages from `distDir` (written as `privacy.html`: build.format is "file") and their Markdown
 * sources' front matter from `root`.
 */
export async function readBuiltLegalPages(distDir: URL, root: URL): Promise<BuiltLegalPage[]> {
  return Promise.all(
    Object.values(legalPages).map(async ({ kind, path }) => {
      const source = await readLegalSource(fileURLToPath(new URL(`src/content/legal/${kind}.md`, root)));
      return {
        kind,
        path,
        html: await readFile(new URL(`${path.replace(/^\//, '')}.html`, distDir), 'utf8'),
        expected: expectationsFor(source.data),
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
        logger.info('Privacy Policy and Terms of Service pass the compliance check.');
      },
    },
  };
}
