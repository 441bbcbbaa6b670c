/**
 * The review gate runs in the legal loader (packages/legal/src/record/loader.node.ts), which `astro check` and `astro dev` run
 * too: this tells it that the command is `astro build`, where unapproved legal words stop the build.
 */
import type { AstroIntegration } from 'astro';

export const legalApprovals = (): AstroIntegration => ({
  name: 'tablemates:legal-approvals',
  hooks: {
    'astro:config:setup': ({ command }) => {
      if (command === 'build') process.env.LEGAL_BUILD = '1';
    },
  },
});
