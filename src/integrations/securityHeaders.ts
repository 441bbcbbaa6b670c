/**
 * The last build hook: reads every built page, hashes its inline scripts and styles, and writes the site's headers,
 * all from src/lib/securityHeaders.node.ts, for every place that serves the site, so a plain `astro build` writes
 * complete output:
 *   - deploy/generated/headers.conf, cache-control.conf and app-links.conf  (included by deploy/site.conf and
 *     deploy/nginx.conf)
 *   - dist/_headers  (Netlify and Cloudflare Pages read it from the published directory)
 *   - vercel.json    (Vercel reads it from the project root, never from the output directory)
 * It must run after every hook that edits the HTML (the island-style hoist), so astro.config.ts lists it last.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { config } from '../lib/config.ts';
import {
  headersFile,
  inlineCode,
  nginxAppLinkLocations,
  nginxCacheMap,
  nginxInclude,
  securityHeaders as headersFor,
  vercelJson,
  type InlineCode,
} from '../lib/securityHeaders.node.ts';

/** Where the files outside dist/ go; tests point them at a temporary directory. */
export interface Outputs {
  generatedDir: string;
  vercelJson: string;
}
export const outputsUnder = (root: string): Outputs => ({
  generatedDir: join(root, 'deploy/generated'),
  vercelJson: join(root, 'vercel.json'),
});

/**
 * HOST_FILES_DIR=<dir> sends the files outside dist/ there instead: a test that builds a variant of the site (other
 * config, other --outDir) then never overwrites the project's nginx includes or its committed vercel.json, and can
 * serve the variant with its own (`node scripts/nginx.mjs start --generated <dir>`).
 */
export function outputsFor(root: string, env: Record<string, string | undefined> = process.env): Outputs {
  const dir = env.HOST_FILES_DIR;
  return dir ? { generatedDir: dir, vercelJson: join(dir, 'vercel.json') } : outputsUnder(root);
}

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Whether a glTF binary embeds images (its JSON chunk, right after the 12-byte header and 8-byte chunk header). */
export function glbEmbedsImages(file: string): boolean {
  const bytes = readFileSync(file);
  if (bytes.toString('latin1', 0, 4) !== 'glTF') throw new Error(`${file} is not a glTF binary (no "glTF" magic).`);
  const json = JSON.parse(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(12))) as { images?: unknown[] };
  return (json.images?.length ?? 0) > 0;
}

/** Writes every host's header files for the site built in `dist`; returns a one-line summary. */
export function writeHeaders(dist: string, { generatedDir, vercelJson: vercelPath }: Outputs): string {
  const pages = filesUnder(dist, '.html');
  if (pages.length === 0) throw new Error(`No .html files in ${dist}: the security headers hash the built pages.`);
  const inline: InlineCode = { scripts: [], styles: [], styleAttributes: [] };
  for (const page of pages) {
    const found = inlineCode(readFileSync(page, 'utf8'));
    inline.scripts.push(...found.scripts);
    inline.styles.push(...found.styles);
    inline.styleAttributes.push(...found.styleAttributes);
  }
  const modelsEmbedImages = filesUnder(dist, '.glb').some(glbEmbedsImages);
  const headers = headersFor({ config, inline, modelsEmbedImages });

  for (const [name, value] of Object.entries(headers)) {
    if (value.length > 2000) {
      console.warn(
        `warning: ${name} is ${value.length} characters; Cloudflare Pages ignores _headers values over 2000.`,
      );
    }
  }
  mkdirSync(generatedDir, { recursive: true });
  writeFileSync(join(generatedDir, 'headers.conf'), nginxInclude(headers));
  writeFileSync(join(generatedDir, 'cache-control.conf'), nginxCacheMap());
  writeFileSync(join(generatedDir, 'app-links.conf'), nginxAppLinkLocations());
  writeFileSync(join(dist, '_headers'), headersFile(headers));
  writeFileSync(vercelPath, vercelJson(headers));
  const count = (list: string[]) => new Set(list).size;
  return (
    `${pages.length} pages, ${count(inline.scripts)} inline scripts, ${count(inline.styles)} inline styles, ` +
    `${count(inline.styleAttributes)} style attributes hashed; wrote ${relative('.', generatedDir)}/*.conf, ` +
    `${relative('.', join(dist, '_headers'))}, ${relative('.', vercelPath)}`
  );
}

export function securityHeaders(): AstroIntegration {
  let root: string;
  return {
    name: 'security-headers',
    hooks: {
      'astro:config:done': ({ config: astroConfig }) => {
        root = fileURLToPath(astroConfig.root);
      },
      'astro:build:done': ({ dir, logger }) => {
        logger.info(writeHeaders(fileURLToPath(dir), outputsFor(root)));
      },
    },
  };
}
