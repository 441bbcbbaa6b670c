/**
 * Nothing unreviewed goes live, and nothing approved changes (docs/legal-pages.md, "Approving and versions"). What is
 * approved is a page's words as a visitor reads them (text.node.ts: tokens, data blocks and generated sentences
 * filled in). `npm run legal:approve` records who approved them (approvals.yaml, a sha256 per version) and freezes
 * them (versions/<page>/<version>.md), and the site serves each version from that file alone. A production build
 * stops while a page's words differ from its latest approved version, whatever changed them: the Markdown, the data
 * file, the wording file, the config, a build variable or code.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { diffArrays } from 'diff';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { markdownParts } from './markdown.node.ts';
import { legalDir, LegalTextError } from './pages.node.ts';
import { versionId } from './pages.ts';

export const approvalsFile = `${legalDir}/approvals.yaml`;
export const versionsDir = `${legalDir}/versions`;
export const frozenFile = (kind: string, version: string) => `${versionsDir}/${kind}/${version}.md`;

const date = z.iso.date();
export const approvalSchema = z.strictObject({
  version: z.string().regex(/^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'a version like 2026-11-25 or 2026-11-25-2'),
  date,
  approvedBy: z.string().trim().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  note: z.string().optional(),
  /** Later reviews that changed no word (the yearly review): each refreshes "Last updated". */
  reviews: z.array(z.strictObject({ date, by: z.string().trim().min(1), note: z.string().optional() })).optional(),
});
export type Approval = z.infer<typeof approvalSchema>;
export type Approvals = Partial<Record<string, Approval[]>>;

/** Every page's approvals, oldest first. */
export function readApprovals(): Approvals {
  if (!existsSync(approvalsFile)) return {};
  const result = z.record(z.string(), z.array(approvalSchema)).safeParse(parse(readFileSync(approvalsFile, 'utf8')));
  if (!result.success) throw new LegalTextError(`${approvalsFile} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data as Approvals;
}

const writeApprovals = (all: Approvals) =>
  writeFileSync(approvalsFile, `# Written by npm run legal:approve (docs/legal-pages.md).\n${stringify(all)}`);

/** The date of the approval's last word: its own, or its latest review's. */
export const lastUpdated = (approval: Approval) => approval.reviews?.at(-1)?.date ?? approval.date;

export const hashOf = (markdown: string) => createHash('sha256').update(markdown).digest('hex');

/** An approved version's frozen words, checked against the hash approved. */
export function readFrozen(kind: string, { version, sha256 }: Approval): string {
  const file = frozenFile(kind, version);
  if (!existsSync(file)) throw new LegalTextError(`${file} is missing; ${approvalsFile} lists it`);
  const markdown = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  if (hashOf(markdown) !== sha256)
    throw new LegalTextError(`${file} differs from the words approved (its sha256): restore it; versions never change`);
  return markdown;
}

/** The page's latest approval, and whether `markdown` (its words now) differs from it: a draft. */
export function legalStatus(approvals: Approval[] | undefined, markdown: string) {
  const latest = approvals?.at(-1);
  return { latest, draft: latest?.sha256 !== hashOf(markdown) };
}

/**
 * Records that `by` approved `markdown`, the page's words now, and freezes them; or, `reviewed`, that `by` reviewed
 * its latest version and no word changed. Refuses words already approved (unless reviewed), and a review of changed
 * words.
 */
export function approve(kind: string, markdown: string, by: string, on: string, note?: string, reviewed = false) {
  const all = readApprovals();
  const list = all[kind] ?? [];
  const latest = list.at(-1);
  const sha256 = hashOf(markdown);
  if (latest && on < lastUpdated(latest))
    throw new LegalTextError(`${on} is before the latest approval, ${lastUpdated(latest)}`);
  if (reviewed !== (latest?.sha256 === sha256)) {
    throw new LegalTextError(
      reviewed
        ? `${kind}: the words differ from its latest approved version; approve them (without --reviewed)`
        : `${kind}: the words equal its latest approved version, ${versionId(kind, latest!.version)}; to record a review that changes no word, add --reviewed`,
    );
  }
  const notes = note ? { note } : {};
  if (reviewed) {
    const reviews = [...(latest!.reviews ?? []), { date: on, by, ...notes }];
    return writeApprovals({ ...all, [kind]: [...list.slice(0, -1), { ...latest!, reviews }] });
  }
  let version = on;
  for (let n = 2; list.some((each) => each.version === version) || existsSync(frozenFile(kind, version)); n++) {
    version = `${on}-${n}`;
  }
  mkdirSync(`${versionsDir}/${kind}`, { recursive: true });
  writeFileSync(frozenFile(kind, version), markdown);
  writeApprovals({ ...all, [kind]: [...list, { version, date: on, approvedBy: by, sha256, ...notes }] });
}

/** The front matter, the text before the first heading, and each section, keyed by anchor: blank lines are layout. */
function sectionsOf(markdown: string) {
  const front = /^---\n[\s\S]*?\n---\n/.exec(markdown)?.[0] ?? '';
  return [
    { id: 'front matter', heading: 'Title, dates and summary', lines: front.split('\n') },
    ...markdownParts(markdown.slice(front.length)).map((part) => ({
      ...part,
      heading: part.heading || 'Text before the first heading',
    })),
  ].map((part) => ({ ...part, lines: part.lines.filter((line) => line.trim()) }));
}

/** What changed between two versions of a page's words, as a reviewer reads it: each changed section, by heading. */
export function sectionChanges(before: string, after: string): { part: string; lines: string[] }[] {
  const old = new Map(sectionsOf(before).map((section) => [section.id, section]));
  const now = sectionsOf(after);
  const gone = [...old.values()].filter((section) => !now.some(({ id }) => id === section.id));
  const change = (part: string, was: string[], is: string[]) => {
    const lines = diffArrays(was, is).flatMap(({ added, removed, value }) =>
      added || removed ? value.map((line) => `${added ? '+' : '-'} ${line}`) : [],
    );
    return lines.length ? [{ part, lines }] : [];
  };
  return [
    ...now.flatMap((section) => change(section.heading, old.get(section.id)?.lines ?? [], section.lines)),
    ...gone.flatMap((section) => change(section.heading, section.lines, [])),
  ];
}

/** "Data sharing" from `## Data sharing { #data-sharing }`. */
export const headingText = (heading: string) => heading.replace(/^#+ +/, '').replace(/\s*\{ *#[\w-]+ *\}$/, '');

/** A page whose words differ from its latest approval: its words now, and its latest approved words, if any. */
export interface Draft {
  kind: string;
  markdown: string;
  latest?: { approval: Approval; markdown: string } | undefined;
}

/** The production build's gate: a message naming each page whose words are not approved and what changed. */
export function unapprovedReport(drafts: Draft[]): string {
  const pages = drafts.flatMap(({ kind, markdown, latest }) => {
    if (!latest) return [`${kind}: never approved.`, ''];
    const { approval } = latest;
    const since = `${versionId(kind, approval.version)}, approved by ${approval.approvedBy} on ${approval.date}`;
    const changes = sectionChanges(latest.markdown, markdown);
    const shown = changes.flatMap(({ part, lines }) => [`  ${part}`, ...lines.map((line) => `    ${line}`)]);
    return [
      `${kind}: its words differ from its latest approved version (${since}):`,
      ...(shown.length ? shown : ['  only the layout: blank lines, or the order of sections']),
      '',
    ];
  });
  return [
    'Legal text not approved: a production build publishes only the words approved (docs/legal-pages.md).',
    '',
    ...pages,
    'Once they are read and right, approve them:',
    ...drafts.map(({ kind }) => `  npm run legal:approve -- ${kind} --by "<your name>"`),
    'or preview them as a draft:',
    '  LEGAL_DRAFTS=1 npm run build',
  ].join('\n');
}

/**
 * Each approved version (with its frozen words, `texts`), newest first, with its reviews and the sections whose
 * words changed since the one before.
 */
export function legalHistory(kind: string, approvals: Approval[], texts: string[]) {
  return approvals
    .map((approval, index) => ({
      ...approval,
      id: versionId(kind, approval.version),
      changed: index ? sectionChanges(texts[index - 1]!, texts[index]!).map(({ part }) => headingText(part)) : [],
    }))
    .reverse();
}
