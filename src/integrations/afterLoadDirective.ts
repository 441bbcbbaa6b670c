import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** Registers `client:afterload` (its browser code: afterLoad.client.ts). */
export function afterLoadDirective(): AstroIntegration {
  return {
    name: 'after-load-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'afterload',
          entrypoint: fileURLToPath(new URL('./afterLoad.client.ts', import.meta.url)),
        });
      },
    },
  };
}
