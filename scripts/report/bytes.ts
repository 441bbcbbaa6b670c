/**
 * The byte budgets (docs/requirements.md#budgets), read from the build, text gzipped at level 9 whatever the server
 * sends: the JavaScript the landing page loads before its load event (every script its HTML inlines or names; the
 * islands' code comes later, once the browser is idle), each other page's HTML and CSS and its lack of JavaScript,
 * and the media files. What the whole visit transfers is the visit gate's (visit.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { heroVariants, heroVideoSources, modelMaxBytes, modelPath } from '../../src/lib/media.ts';
import { kb, type GateResult } from './types.ts';

export const budgets = {
  landingJsBeforeLoad: 75 * 1024,
  legalHtmlAndCss: 30 * 1024,
  /** The invite page's script reads the code from the address (src/lib/invite/invite.client.ts); its QR library comes later. */
  inviteJsBeforeLoad: 10 * 1024,
};

/** The invite page as the report visits it: at an example code, read from the one file that answers every code. */
export interface InvitePage {
  path: string;
  file: string;
}

const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const file = (distDir: string, path: string, invite?: InvitePage) =>
  join(distDir, path === invite?.path ? invite.file : path === '/' ? 'index.html' : `${path}.html`);

/** A page's HTML and the code it names or inlines: stylesheets, and scripts (not JSON data). */
async function pageBytes(distDir: string, path: string, invite?: InvitePage) {
  const html = await readFile(file(distDir, path, invite), 'utf8');
  const named = async (pattern: RegExp) => {
    const urls = [...html.matchAll(pattern)].map((match) => match[1]!).filter((url) => url.startsWith('/'));
    const sizes = await Promise.all(urls.map(async (url) => gzip(await readFile(join(distDir, url)))));
    return { urls, bytes: sizes.reduce((sum, bytes) => sum + bytes, 0) };
  };
  const scripts = await named(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="([^"]+)"/g);
  const inlineJs = [...html.matchAll(/<script([^>]*)>([^]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|json/.test(attributes!))
    .reduce((sum, [, , code]) => sum + (code ? gzip(code) : 0), 0);
  const styles = await named(/<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g);
  return { html: gzip(html), css: styles.bytes, js: scripts.bytes + inlineJs, scripts: scripts.urls };
}

export async function bytesGate(distDir: string, paths: string[], invite?: InvitePage): Promise<GateResult> {
  const rows: GateResult['rows'] = [];
  const failures: string[] = [];
  for (const path of paths) {
    const bytes = await pageBytes(distDir, path, invite);
    rows.push({ page: path, 'HTML gz': kb(bytes.html), 'CSS gz': kb(bytes.css), 'JS before load gz': kb(bytes.js) });
    if (path === '/' && bytes.js > budgets.landingJsBeforeLoad) {
      failures.push(
        `bytes: ${path} loads ${kb(bytes.js)} of JavaScript before the load event, over the ${kb(budgets.landingJsBeforeLoad)} budget`,
      );
    }
    if (path !== '/' && bytes.html + bytes.css > budgets.legalHtmlAndCss) {
      failures.push(
        `bytes: ${path} HTML + CSS is ${kb(bytes.html + bytes.css)}, over the ${kb(budgets.legalHtmlAndCss)} budget`,
      );
    }
    if (path === invite?.path) {
      if (bytes.js > budgets.inviteJsBeforeLoad) {
        failures.push(
          `bytes: ${path} loads ${kb(bytes.js)} of JavaScript before the load event, over the ${kb(budgets.inviteJsBeforeLoad)} budget`,
        );
      }
    } else if (path !== '/' && bytes.js > 0) {
      failures.push(`bytes: ${path} loads JavaScript (${bytes.scripts.join(', ') || 'inline'}); legal pages ship none`);
    }
  }
  // Media files: every encoding of each hero variant, and the model.
  const media = [
    ...(['large', 'small'] as const).flatMap((variant) =>
      heroVideoSources(variant).map(({ src }) => ({ file: src, budget: heroVariants[variant].maxBytes })),
    ),
    { file: modelPath, budget: modelMaxBytes },
  ];
  for (const { file, budget } of media) {
    const size = (await stat(join(distDir, file)).catch(() => undefined))?.size;
    rows.push({ page: file, size: size === undefined ? 'missing' : kb(size), budget: kb(budget) });
    if (size === undefined) failures.push(`bytes: ${file} is missing from the build`);
    else if (size > budget) failures.push(`bytes: ${file} is ${kb(size)}, over its ${kb(budget)} budget`);
  }
  return { name: 'Bytes', rows, failures };
}
