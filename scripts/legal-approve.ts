/**
 * `npm run legal:approve -- <page> --by "<name>" [--note "<what changed, one line>"] [--date YYYY-MM-DD]`: records
 * that <name> approved the page's text as it is now, in src/content/legal/approvals.yaml, and keeps a copy of it in
 * src/content/legal/versions/<page>/<version>/, published at /<page>/versions/<version> (docs/legal-pages.md,
 * "Approving and versions"). `--date` (default: today, UTC) is for tests and for recording a sign-off late.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ApprovalError,
  approvalsFile,
  approve,
  describeChanges,
  headingText,
  legalStatus,
  versionFiles,
  versionId,
  versionsDir,
  sourceFiles,
} from '../src/lib/legal/approvals.node.ts';
import { legalPages } from '../src/lib/legal/pages.ts';

process.chdir(resolve(import.meta.dirname, '..'));
const usage = 'usage: npm run legal:approve -- <page> --by "<your name>" [--note "<what changed, one line>"]';
function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

let args;
try {
  const options = { by: { type: 'string' }, note: { type: 'string' }, date: { type: 'string' } } as const;
  args = parseArgs({ allowPositionals: true, options });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = args;
const kinds = legalPages.map((page) => page.kind);
const kind = positionals[0] ?? '';
if (positionals.length !== 1 || !kinds.includes(kind)) fail(`Name one page to approve: ${kinds.join(', ')}.`);
const by = values.by?.trim();
if (!by) fail('--by is missing: the name of the person who read and approves this text.');
const date = values.date ?? new Date().toISOString().slice(0, 10);
// Round-tripped, so 2026-02-30 is refused too.
const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
if (!valid) fail(`--date ${date}: expected a date, YYYY-MM-DD.`);

try {
  const latest = legalStatus(kind).latest;
  const changes = latest ? describeChanges(versionFiles(kind, latest), sourceFiles(kind)) : [];
  const approval = approve(kind, by, date, values.note?.replace(/\s+/g, ' ').trim() || undefined);
  console.log(`Approved ${versionId(kind, approval.version)} (${by}, ${date}).`);
  if (latest)
    console.log(
      `Changed since ${versionId(kind, latest.version)}: ${changes.map((c) => headingText(c.part)).join('; ')}`,
    );
  console.log(`Commit ${approvalsFile} and ${versionsDir}/${kind}/${approval.version}/.`);
} catch (error) {
  if (!(error instanceof ApprovalError)) throw error;
  fail(error.message);
}
