import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** Registers the project's own hydration directives (see afterLoad.ts). */
export function hydrationDirectives(): AstroIntegration {
  return {
    name: 'hydration-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'afterload',
          entrypoint: fileURLToPath(new URL('./afterLoad.ts', import.meta.url)),
        });
      },
    },
  };
}
