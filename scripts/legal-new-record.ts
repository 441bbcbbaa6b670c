/**
 * `npm run legal:new-record` (docs/legal-pages.md, "Approving and versions"): starts the owner's own legal record before
 * launch. The shipped record (src/content/legal/approvals.yaml and versions/) holds the template's versions and
 * approvers, not the owner's: this removes it, so the owner's first approval of each page becomes its first published
 * version. Each page's first effective date (`effective` in its front matter) stays the owner's to state.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

process.chdir(resolve(import.meta.dirname, '..'));
const { approvalsFile, versionsDir } = await import('../src/lib/legal/approvals.node.ts');
const { legalSources } = await import('../src/lib/legal/pages.node.ts');

rmSync(approvalsFile, { force: true });
rmSync(versionsDir, { recursive: true, force: true });
console.log(`Removed the template's legal record (${approvalsFile}, ${versionsDir}/). For each page:`);
for (const { kind, file, data } of legalSources()) {
  console.log(`  ${file}: first effective ${data.effective} (the template's); write yours as \`effective\`, then`);
  console.log(`    npm run legal:approve -- ${kind} --by "<your name>"`);
}
console.log('A production build stops until every page is approved; commit the new record.');
