/**
 * The site's own integration: it validates site.config.ts once, before anything is built (a bad value stops the
 * build naming the field), and hands Astro what follows from it: the site's address, and each page's
 * Content-Security-Policy (a <meta http-equiv> with the hashes of the scripts and styles Astro emits, the inline code
 * of src/components/InlineCode.astro, and src/lib/headers.ts's directives). Pages, components and scripts read the
 * same validated values through `siteConfig()` (src/config/index.ts).
 */
import type { AstroIntegration } from 'astro';
import { reloadSiteConfig } from '../config/index.ts';
import { pageDirectives } from '../lib/headers.ts';

export function site(): AstroIntegration {
  return {
    name: 'site',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        const config = reloadSiteConfig();
        updateConfig({
          site: config.siteUrl,
          security: { csp: { algorithm: 'SHA-256', directives: [...pageDirectives(config)] } },
        });
      },
    },
  };
}
