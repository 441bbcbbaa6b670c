/**
 * The site's own integration: it validates site.config.ts once, before anything is built (a bad value stops the
 * build naming the field), and hands it to Astro as the site's address. Pages, components and scripts read the same
 * validated values through `siteConfig()` (src/config/index.ts).
 */
import type { AstroIntegration } from 'astro';
import { reloadSiteConfig } from '../config/index.ts';

export function site(): AstroIntegration {
  return {
    name: 'site',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ site: reloadSiteConfig().siteUrl });
      },
    },
  };
}
