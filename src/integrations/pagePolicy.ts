/**
 * The last hook that edits the HTML: gives every built page its own Content-Security-Policy, in a `<meta http-equiv>`
 * right after `<meta charset>` (before any inline code it allows), with the hashes of that page's inline scripts and
 * styles as they ship. So the host files never follow the pages (src/lib/securityHeaders.node.ts says why).
 * It must run after every hook that edits the HTML (the island-style hoist), so astro.config.ts lists it late.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { config } from '../lib/config.ts';
import { inlineCode, pagePolicy } from '../lib/securityHeaders.node.ts';

const charsetTag = /<meta charset="utf-8"\s*\/?>/i;

/** The page with its policy as the first element after its charset declaration. */
export function withPagePolicy(html: string, file: string): string {
  if (!charsetTag.test(html)) {
    throw new Error(`${file} has no <meta charset="utf-8">; expected one, so the page policy can follow it.`);
  }
  const policy = pagePolicy({ config, inline: inlineCode(html) });
  return html.replace(charsetTag, (tag) => `${tag}<meta http-equiv="content-security-policy" content="${policy}">`);
}

export function pagePolicyIntegration(): AstroIntegration {
  return {
    name: 'page-policy',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const pages = readdirSync(dist, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
          .map((entry) => join(entry.parentPath, entry.name));
        for (const page of pages) writeFileSync(page, withPagePolicy(readFileSync(page, 'utf8'), page));
        logger.info(`${pages.length} pages carry their own Content-Security-Policy`);
      },
    },
  };
}
