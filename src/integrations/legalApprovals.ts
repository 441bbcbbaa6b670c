/**
 * The review gate (src/lib/legal/approvals.node.ts): a production build stops before it renders anything while a
 * legal page's words, as a visitor would read them, differ from its latest approved version, showing what changed.
 * `LEGAL_DRAFTS=1` builds such pages as drafts (a banner, noindex), as `astro dev` always does, to preview them.
 */
import type { AstroIntegration } from 'astro';
import { unapprovedReport, legalStatus } from '../lib/legal/approvals.node.ts';
import { legalPages } from '../lib/legal/pages.ts';
import { legalText } from '../lib/legal/text.node.ts';
import { LegalTextError } from '../lib/legal/tokens.node.ts';

export function legalApprovals(): AstroIntegration {
  return {
    name: 'tablemates:legal-approvals',
    hooks: {
      'astro:config:setup': async ({ command, logger }) => {
        if (command !== 'build') return;
        // A page that does not render stops here, with the message `npm run legal:approve` gives.
        const words = Object.fromEntries(
          await Promise.all(legalPages.map(async ({ kind }) => [kind, (await legalText(kind)).markdown] as const)),
        );
        if (process.env.LEGAL_DRAFTS === '1') {
          const drafts = legalPages.filter(({ kind }) => legalStatus(kind, words[kind]!).draft).map(({ kind }) => kind);
          if (drafts.length) logger.warn(`LEGAL_DRAFTS=1: ${drafts.join(', ')} built as drafts, not for deployment`);
          return;
        }
        const report = unapprovedReport(words);
        if (report) throw new LegalTextError(report);
      },
    },
  };
}
