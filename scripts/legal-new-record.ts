/**
 * `npm run legal:new-record` (docs/legal-pages.md, "Your own record"): starts the owner's own legal record before
 * launch. The shipped record (src/content/legal/approvals.yaml and versions/) holds the template's versions and
 * approvers, an example no user agreed to: this removes it, so the owner's first approval of each page becomes its
 * first published version. It runs only on the template's record: an owner's record is what users agreed to, kept
 * for years, so on one (or on any version approved without --template) it refuses, names what it would remove, and
 * changes nothing.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const usage = 'usage: npm run legal:new-record';
let help;
try {
  ({ help } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } }).values);
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (help) {
  console.log(`${usage}

Starts your own legal record before launch (docs/legal-pages.md#your-own-record): removes the template's record
(src/content/legal/approvals.yaml and versions/), so your first approval of each page is its first published version.
It runs only on the template's record: on yours it refuses, names each version it would remove, and changes nothing.
  --help  print this and exit`);
  process.exit(0);
}

process.chdir(resolve(import.meta.dirname, '..'));
const { approvalsFile, isTemplateRecord, readApprovals, templateRecord, versionsDir } =
  await import('../src/lib/legal/approvals.node.ts');
const { legalSources, unpublishedLegalPages } = await import('../src/lib/legal/pages.node.ts');
const { features } = (await import('../src/config/index.ts')).configOrExit();
const { versionId } = await import('../src/lib/legal/pages.ts');

const versions = Object.entries(readApprovals()).flatMap(([kind, list]) =>
  (list ?? []).map((approval) => ({ id: versionId(kind, approval.version), template: approval.template })),
);
const owners = isTemplateRecord() ? versions.filter((each) => !each.template) : versions;
if (owners.length) {
  console.error(
    [
      `Refused: the legal record holds versions that are not the template's, and this command would remove them:`,
      ...owners.map(({ id }) => `  ${id}`),
      isTemplateRecord()
        ? `They were approved without --template on top of the template's record (${templateRecord}).`
        : `The record is yours (there is no ${templateRecord}): it is what your users agreed to.`,
      `Nothing was changed. The record only grows (docs/legal-pages.md, "Approving and versions").`,
    ].join('\n'),
  );
  process.exit(1);
}
if (!isTemplateRecord()) {
  console.log(`The legal record is already yours, with no version yet: nothing to remove. For each page:`);
} else {
  rmSync(approvalsFile, { force: true });
  rmSync(versionsDir, { recursive: true, force: true });
  console.log(`Removed the template's legal record (${approvalsFile}, ${versionsDir}/). For each page:`);
}
for (const { kind, file, data } of legalSources(features)) {
  console.log(`  ${file}: first effective ${data.effective}; if your product's page took effect on another day, write`);
  console.log(`    it as \`effective\` (never after your first approval), then`);
  console.log(`    npm run legal:approve -- ${kind} --by "<your name>" --note "<for readers>"`);
}
// A page of a feature switched off in site.config.ts is not published: nothing to approve (docs/legal-pages.md#features).
for (const { kind, feature } of unpublishedLegalPages(features))
  console.log(`  src/content/legal/${kind}.md: not published while features.${feature} is false; nothing to approve`);
console.log('A production build stops until every page is approved; commit the new record.');
