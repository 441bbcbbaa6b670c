/**
 * `npm run legal:approve -- <page> --by "<name>" [--note "<one line>"] [--reviewed] [--date YYYY-MM-DD]`: records that
 * <name> approved the page as a visitor reads it now (every token, data block and generated sentence filled in,
 * rendered), in src/content/legal/approvals.yaml, and freezes it in src/content/legal/versions/<page>/<version>.html,
 * published at /legal/<page>/<version> (docs/legal-pages.md, "Approving and versions"). `--reviewed` records a review
 * that changes no word (the yearly review): "Last updated" follows it. `--date` (default: today, UTC) is for tests and
 * for recording a sign-off late; it may not be before the record's latest date.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

process.chdir(resolve(import.meta.dirname, '..'));
// Imported once in the project's folder: the config and the legal files are read relative to it.
const { approvalsFile, approve, frozenCopies, frozenFile, headingText, publishedText, readApprovals, sectionChanges } =
  await import('../src/lib/legal/approvals.node.ts');
const { legalPages } = await import('../src/lib/legal/pages.node.ts');
const { versionId } = await import('../src/lib/legal/pages.ts');
const { legalText } = await import('../src/lib/legal/text.node.ts');

const usage = 'usage: npm run legal:approve -- <page> --by "<your name>" [--note "<one line>"] [--reviewed]';
function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

let args;
try {
  const options = {
    by: { type: 'string' },
    note: { type: 'string' },
    date: { type: 'string' },
    reviewed: { type: 'boolean' },
  } as const;
  args = parseArgs({ allowPositionals: true, options });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = args;
const pages = legalPages();
const page = pages.find(({ kind }) => kind === positionals[0]);
if (positionals.length !== 1 || !page) fail(`Name one page to approve: ${pages.map((p) => p.kind).join(', ')}.`);
const { kind } = page;
const by = values.by?.trim();
if (!by) fail('--by is missing: the name of the person who read and approves this text.');
const date = values.date ?? new Date().toISOString().slice(0, 10);
// Round-tripped, so 2026-02-30 is refused too.
const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
if (!valid) fail(`--date ${date}: expected a date, YYYY-MM-DD.`);
const note = values.note?.replace(/\s+/g, ' ').trim() || undefined;

try {
  // Words that do not render (an unknown token, a bad data entry) stop here with the build's own message.
  const now = await legalText(kind);
  // A rewritten record stops here too, naming the version.
  const latest = frozenCopies(kind, readApprovals()[kind] ?? []).at(-1);
  const changes = latest && !values.reviewed ? sectionChanges(publishedText(latest), publishedText(now)) : [];
  const version = approve(kind, now, by, date, note, values.reviewed) ?? latest!.approval.version;
  const id = versionId(kind, version);
  if (values.reviewed) console.log(`Recorded a review of ${id} (${by}, ${date}): no word changed.`);
  else console.log(`Approved ${id} (${by}, ${date}).`);
  if (changes.length)
    console.log(
      `Changed since ${versionId(kind, latest!.approval.version)}: ${changes.map((c) => headingText(c.part)).join('; ')}`,
    );
  console.log(`Commit ${approvalsFile}${values.reviewed ? '' : ` and ${frozenFile(kind, version)}`}.`);
} catch (error) {
  // Ours name the file, the field and what to do: the message is the whole story. Anything else is a bug: rethrown.
  if (!(error instanceof Error) || !['LegalTextError', 'DataPracticesError'].includes(error.name)) throw error;
  fail(error.message);
}
