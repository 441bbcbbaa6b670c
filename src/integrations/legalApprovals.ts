/**
 * The review gate (src/lib/legal/approvals.node.ts): a production build stops before it renders anything while a
 * legal page's source differs from its latest approved version, showing what changed. `LEGAL_DRAFTS=1` builds such
 * pages as drafts (a banner, noindex), as `astro dev` always does, to preview them before approval.
 */
import type { AstroIntegration } from 'astro';
import { legalStatus, unapprovedReport } from '../lib/legal/approvals.node.ts';
import { legalPages } from '../lib/legal/pages.ts';

export class LegalApprovalError extends Error {
  override name = 'LegalApprovalError';
  // The message is the whole story and ends with what to do: no stack trace printed after it.
  override stack = '';
}

export function legalApprovals(): AstroIntegration {
  return {
    name: 'tablemates:legal-approvals',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command !== 'build') return;
        if (process.env.LEGAL_DRAFTS === '1') {
          const drafts = legalPages.filter(({ kind }) => legalStatus(kind).draft).map(({ kind }) => kind);
          if (drafts.length) logger.warn(`LEGAL_DRAFTS=1: ${drafts.join(', ')} built as drafts, not for deployment`);
          return;
        }
        const report = unapprovedReport();
        if (report) throw new LegalApprovalError(report);
      },
    },
  };
}
