/**
 * Nothing unreviewed goes live (docs/legal-pages.md, "Approving and versions"). A page's source is its Markdown, plus
 * the data-practices file when the Markdown renders blocks from it, as written: tokens unfilled, so a config value
 * reaching the page through a token needs no approval. `npm run legal:approve` records who approved which source
 * (approvals.yaml, a sha256 per version) and keeps a copy of it (versions/<page>/<version>/), which the site publishes
 * unchanged; a production build stops while a page's source differs from its latest approved version.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffArrays, structuredPatch } from 'diff';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { dataPracticesFile } from '../dataPractices/practices.ts';
import { legalPages, type LegalPageKind } from './pages.ts';

const legalDir = 'src/content/legal';
export const approvalsFile = `${legalDir}/approvals.yaml`;
export const versionsDir = `${legalDir}/versions`;

const approvalSchema = z.strictObject({
  version: z.string().regex(/^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'a version like 2026-11-25 or 2026-11-25-2'),
  date: z.iso.date(),
  approvedBy: z.string().trim().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  note: z.string().optional(),
});
export type Approval = z.infer<typeof approvalSchema>;
type Files = Record<string, string>;

export class ApprovalError extends Error {
  override name = 'ApprovalError';
}

/** Every page's approvals, oldest first. */
export function readApprovals(): Record<LegalPageKind, Approval[]> {
  if (!existsSync(approvalsFile)) return {};
  const approvals = parse(readFileSync(approvalsFile, 'utf8')) ?? {};
  const result = z.record(z.string(), z.array(approvalSchema)).safeParse(approvals);
  if (!result.success) throw new ApprovalError(`${approvalsFile} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** `terms@2026-11-25`: what the app records with an SMS opt-in, and what the pages show. */
export const versionId = (kind: LegalPageKind, version: string) => `${kind}@${version}`;

// Line endings normalized: a Windows checkout (CRLF) holds the same approved text.
const read = (file: string) => readFileSync(file, 'utf8').replace(/\r\n/g, '\n');

/** The page's source files as they are now, by file name. */
export function sourceFiles(kind: LegalPageKind): Files {
  const markdown = read(join(legalDir, `${kind}.md`));
  const files: Files = { [`${kind}.md`]: markdown };
  if (markdown.includes('{{practices.')) files[dataPracticesFile] = read(join(legalDir, dataPracticesFile));
  return files;
}

const hashOf = (files: Files) => {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) hash.update(`${name}\0${files[name]}\0`);
  return hash.digest('hex');
};

/** An approved version's copy of the source files, checked against the approved text's hash. */
export function versionFiles(kind: LegalPageKind, { version, sha256 }: Approval): Files {
  const dir = join(versionsDir, kind, version);
  if (!existsSync(dir)) throw new ApprovalError(`${dir} is missing; ${approvalsFile} lists it`);
  const files = Object.fromEntries(readdirSync(dir).map((name) => [name, read(join(dir, name))]));
  if (hashOf(files) !== sha256)
    throw new ApprovalError(`${dir} differs from the text approved (its sha256): restore it; versions never change`);
  return files;
}

/** The page's approvals, its latest one, and whether the source now differs from it (a draft). */
export function legalStatus(kind: LegalPageKind) {
  const approvals = readApprovals()[kind] ?? [];
  const latest = approvals.at(-1);
  return { approvals, latest, draft: latest?.sha256 !== hashOf(sourceFiles(kind)) };
}

/** Records an approval of the page's current source and keeps a copy of it; refuses an unchanged text. */
export function approve(kind: LegalPageKind, by: string, date: string, note?: string): Approval {
  const all = readApprovals();
  const list = all[kind] ?? [];
  const files = sourceFiles(kind);
  const sha256 = hashOf(files);
  const latest = list.at(-1);
  if (latest?.sha256 === sha256) {
    throw new ApprovalError(`${kind}: the text equals its latest approved version, ${versionId(kind, latest.version)}`);
  }
  if (latest && date < latest.date) throw new ApprovalError(`${date} is before the latest approval, ${latest.date}`);
  let version = date;
  for (let n = 2; list.some((each) => each.version === version) || existsSync(join(versionsDir, kind, version)); n++) {
    version = `${date}-${n}`;
  }
  const dir = join(versionsDir, kind, version);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const approval: Approval = { version, date, approvedBy: by, sha256, ...(note ? { note } : {}) };
  all[kind] = [...list, approval];
  writeFileSync(approvalsFile, `# Written by npm run legal:approve (docs/legal-pages.md).\n${stringify(all)}`);
  return approval;
}

/** The Markdown split at `##` and `###` headings, keyed by anchor (a reworded heading keeps its section). */
function sectionsOf(markdown: string) {
  const front = /^---\n[\s\S]*?\n---\n/.exec(markdown)?.[0] ?? '';
  const sections = [
    { key: 'front matter', heading: 'Title, dates and summary (front matter)', lines: front.split('\n') },
    { key: 'opening', heading: 'Text before the first heading', lines: [] as string[] },
  ];
  for (const line of markdown.slice(front.length).split('\n')) {
    const heading = /^#{2,3} +(.*?)\s*(?:\{ *#([\w-]+) *\})?\s*$/.exec(line);
    if (heading) sections.push({ key: heading[2] ?? heading[1]!, heading: line.trim(), lines: [] });
    sections.at(-1)!.lines.push(line);
  }
  // Blank lines between sections are layout: a change of those alone shows in the line diff instead.
  for (const { lines } of sections) while (lines.at(-1) === '') lines.pop();
  return sections;
}

/** A part of the source that changed (a section's heading line, or a file's name) and its lines, `- ` and `+ `. */
export interface Change {
  part: string;
  lines: string[];
}

function change(part: string, before: string[], after: string[]): Change[] {
  const lines = diffArrays(before, after).flatMap(({ added, removed, value }) =>
    added || removed ? value.map((line) => `${added ? '+' : '-'} ${line}`) : [],
  );
  return lines.length ? [{ part, lines }] : [];
}

/** Each section whose lines differ: the new text's order, then the sections removed. */
export function sectionChanges(before: string, after: string): Change[] {
  const old = new Map(sectionsOf(before).map((section) => [section.key, section]));
  const now = sectionsOf(after);
  const gone = [...old.values()].filter((section) => !now.some(({ key }) => key === section.key));
  return [
    ...now.flatMap((section) => change(section.heading, old.get(section.key)?.lines ?? [], section.lines)),
    ...gone.flatMap((section) => change(section.heading, section.lines, [])),
  ];
}

/** "Data sharing" from `## Data sharing { #data-sharing }`. */
export const headingText = (heading: string) => heading.replace(/^#+ +/, '').replace(/\s*\{ *#[\w-]+ *\}$/, '');

/** What changed between two versions of a page's source, as a reviewer reads it: by section, else by line. */
export function describeChanges(before: Files, after: Files): Change[] {
  return [...new Set([...Object.keys(after), ...Object.keys(before)])].flatMap((name) => {
    const [was = '', is = ''] = [before[name], after[name]];
    const sections = name.endsWith('.md') ? sectionChanges(was, is) : [];
    if (was === is || sections.length) return sections;
    // YAML, and Markdown whose sections only moved: a line diff, with a line of context.
    const { hunks } = structuredPatch(name, name, was, is, '', '', { context: 1 });
    return [{ part: name, lines: hunks.flatMap(({ newStart, lines }) => [`@@ line ${newStart}`, ...lines]) }];
  });
}

/** The production build's gate: a message naming each page whose source is not approved and what changed; '' if none. */
export function unapprovedReport(): string {
  const drafts = legalPages.map(({ kind }) => ({ kind, ...legalStatus(kind) })).filter((page) => page.draft);
  if (!drafts.length) return '';
  const pages = drafts.flatMap(({ kind, latest }) => {
    if (!latest) return [`${kind}: never approved.`, ''];
    const changes = describeChanges(versionFiles(kind, latest), sourceFiles(kind));
    const since = `${versionId(kind, latest.version)}, approved by ${latest.approvedBy} on ${latest.date}`;
    return [
      `${kind}: differs from its latest approved version (${since}):`,
      ...changes.flatMap(({ part, lines }) => [`  ${part}`, ...lines.map((line) => `    ${line}`)]),
      '',
    ];
  });
  return [
    'Legal text not approved: a production build publishes only approved text (docs/legal-pages.md).',
    '',
    ...pages,
    'Once it is read and right, approve it:',
    ...drafts.map(({ kind }) => `  npm run legal:approve -- ${kind} --by "<your name>"`),
    'or preview it as a draft:',
    '  LEGAL_DRAFTS=1 npm run build',
  ].join('\n');
}

/** Each approved version, newest first, with what changed since the version before it. */
export function legalHistory(kind: LegalPageKind) {
  const approvals = readApprovals()[kind] ?? [];
  const files = approvals.map((approval) => versionFiles(kind, approval));
  const changed = (index: number) => (index ? describeChanges(files[index - 1]!, files[index]!) : []);
  return approvals
    .map((approval, index) => ({ ...approval, id: versionId(kind, approval.version), changed: changed(index) }))
    .reverse();
}
