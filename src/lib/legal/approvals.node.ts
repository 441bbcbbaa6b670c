/**
 * The legal record (docs/legal-pages.md, "Approving and versions"). What is approved is a page as a reader gets it:
 * its title, dates and summary and its article's HTML after the renderer (text.node.ts, markdown.node.ts).
 * `npm run legal:approve` freezes that copy with its record (versions/<page>/<version>.html: version, date, approver,
 * note, then the words) and adds the record, with the copy's sha256, to approvals.yaml; the site serves each version
 * from its copy alone. A production build stops while a page as rendered now differs from its latest approval,
 * whatever changed it (the Markdown, the data, the wording, the config, code, the renderer), and whenever the record
 * was rewritten: it only grows, its dates only move forward, and no copy changes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { diffArrays } from 'diff';
import { decodeHTML } from 'entities';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { legalDir, LegalTextError, parseLegalMarkdown } from './pages.node.ts';
import { versionId } from './pages.ts';

export const approvalsFile = `${legalDir}/approvals.yaml`;
export const versionsDir = `${legalDir}/versions`;
export const frozenFile = (kind: string, version: string) => `${versionsDir}/${kind}/${version}.html`;

const date = z.iso.date();
const by = z.string().trim().min(1);
const record = {
  version: z.string().regex(/^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'a version like 2026-11-25 or 2026-11-25-2'),
  date,
  approvedBy: by,
  note: z.string().optional(),
};
export const approvalSchema = z.strictObject({
  ...record,
  /** The sha256 of the frozen copy. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Later reviews that changed no word (the yearly review): each refreshes "Last updated". */
  reviews: z.array(z.strictObject({ date, by, note: z.string().optional() })).optional(),
});
export type Approval = z.infer<typeof approvalSchema>;
export type Approvals = Partial<Record<string, Approval[]>>;

/** What a reader gets of a page: the words of its header and its article's HTML. */
export interface Published {
  data: { title: string; effective: string; summary: string };
  html: string;
}
/** A frozen copy as its file holds it: its record, then the page as published. */
const frozenSchema = z.strictObject({ ...record, title: z.string(), effective: date, summary: z.string() });
const frozenText = (fields: z.infer<typeof frozenSchema>, html: string) =>
  `---\n${stringify(fields, { lineWidth: 0 })}---\n${html}`;
/** The page as published, as one text: what is compared and diffed. */
export const publishedText = ({ data, html }: Published) => frozenText(data as z.infer<typeof frozenSchema>, html);
/** Whether the page as published `now` is not its latest approved version: a draft. */
export const isDraft = (now: Published, latest: Frozen | undefined) =>
  !latest || publishedText(latest) !== publishedText(now);
/** Marks the record the template ships: `npm run legal:new-record` removes it with the record. */
export const templateRecord = `${versionsDir}/TEMPLATE`;

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

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** An approved version as frozen: its record (checked against approvals.yaml) and the page as published. */
export interface Frozen extends Published {
  approval: Approval;
}

/**
 * The page's frozen copies with their records, checked: a copy with no record, a copy that changed, a record that
 * differs from its copy's, a version not named after its date, or a date before the one before it stops here, naming
 * the page and the version.
 */
export function frozenCopies(kind: string, list: Approval[]): Frozen[] {
  const stop = (version: string, problem: string): never => {
    throw new LegalTextError(
      `${versionId(kind, version)}: ${problem}. The legal record only grows (docs/legal-pages.md, "Approving and versions"): restore ${approvalsFile} and ${versionsDir}/${kind}/ as committed.`,
    );
  };
  const dir = `${versionsDir}/${kind}`;
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const version = name.replace(/\.html$/, '');
    if (!list.some((approval) => approval.version === version))
      stop(version, `${dir}/${name} is a frozen copy with no record in ${approvalsFile}`);
  }
  let before = '';
  return list.map((approval, index) => {
    const { version, date } = approval;
    const previous = list[index - 1];
    const n = previous?.date === date ? Number(previous.version.slice(11) || 1) + 1 : 1;
    const expected = n > 1 ? `${date}-${n}` : date;
    if (version !== expected)
      stop(version, `its version is ${version}; expected ${expected}, after its date (${date})`);
    for (const on of [date, ...(approval.reviews ?? []).map((review) => review.date)]) {
      if (on < before) stop(version, `a date of its record, ${on}, is before the one before it, ${before}`);
      before = on;
    }
    const file = frozenFile(kind, version);
    if (!existsSync(file)) stop(version, `its frozen copy, ${file}, is missing`);
    const text = readFileSync(file, 'utf8');
    if (hashOf(text) !== approval.sha256) stop(version, `${file} differs from the copy approved (its sha256)`);
    const { data, body: html } = parseLegalMarkdown(text, file, frozenSchema);
    for (const field of ['version', 'date', 'approvedBy', 'note'] as const) {
      if (data[field] !== approval[field])
        stop(
          version,
          `its ${field} is ${JSON.stringify(approval[field])} in ${approvalsFile}, but ${JSON.stringify(data[field])} in its frozen copy`,
        );
    }
    const { title, effective, summary } = data;
    return { approval, data: { title, effective, summary }, html };
  });
}

/**
 * Records that `by` approved `now`, the page as published now, and freezes it; or, `reviewed`, that `by` reviewed
 * its latest version and nothing changed. Refuses a page already approved (unless reviewed), a review of a changed
 * page, and a date before the record's latest.
 */
export function approve(kind: string, now: Published, by: string, on: string, note?: string, reviewed = false) {
  const all = readApprovals();
  const list = all[kind] ?? [];
  const latest = frozenCopies(kind, list).at(-1);
  const last = latest && lastUpdated(latest.approval);
  if (last && on < last)
    throw new LegalTextError(`${on} is before the latest record, ${last}: dates only move forward`);
  if (reviewed === isDraft(now, latest)) {
    throw new LegalTextError(
      reviewed
        ? `${kind}: the page differs from its latest approved version; approve it (without --reviewed)`
        : `${kind}: the words equal its latest approved version, ${versionId(kind, latest!.approval.version)}; to record a review that changes no word, add --reviewed`,
    );
  }
  const notes = note ? { note } : {};
  if (reviewed) {
    const reviews = [...(latest!.approval.reviews ?? []), { date: on, by, ...notes }];
    return writeApprovals({ ...all, [kind]: [...list.slice(0, -1), { ...latest!.approval, reviews }] });
  }
  const n = list.filter((approval) => approval.date === on).length + 1;
  const version = n > 1 ? `${on}-${n}` : on;
  const copy = frozenText({ version, date: on, approvedBy: by, ...notes, ...now.data }, now.html);
  mkdirSync(`${versionsDir}/${kind}`, { recursive: true });
  writeFileSync(frozenFile(kind, version), copy);
  writeApprovals({ ...all, [kind]: [...list, { version, date: on, approvedBy: by, sha256: hashOf(copy), ...notes }] });
  return version;
}

/** The article's text, one line per line of text a reader sees (tags left out, entities decoded). */
const textLines = (html: string) =>
  decodeHTML(
    html
      .replace(/<\/t[dh]>/g, ' | ')
      .replace(/<br\s*\/?>|<\/(p|li|tr|h\d|dt|dd|figcaption|blockquote|div|section)>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** A published page's parts: its header's words, then its article split at each h2 and h3, keyed by id. */
function sectionsOf(published: string) {
  const [, front = '', html = ''] = /^---\n([\s\S]*?)---\n([\s\S]*)$/.exec(published) ?? [];
  const parts = [
    { id: 'front matter', heading: 'Title, dates and summary', lines: front.split('\n').filter((line) => line.trim()) },
    { id: '', heading: 'Text before the first heading', lines: [] as string[] },
  ];
  for (const block of html.split(/(?=<h[23][^>]*\sid=")/)) {
    const heading = /^<h([23])[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/.exec(block);
    const lines = textLines(heading ? block.slice(heading[0].length) : block);
    if (!heading) parts[1]!.lines.push(...lines);
    else {
      const title = `${'#'.repeat(Number(heading[1]))} ${textLines(heading[3]!).join(' ')} { #${heading[2]} }`;
      parts.push({ id: heading[2]!, heading: title, lines: [title, ...lines] });
    }
  }
  return parts;
}

/** The headings of an article's HTML, as Astro's Markdown processor reports them (the table of contents reads them). */
export const headingsOf = (html: string) =>
  [...html.matchAll(/<h([1-6])[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)].map(([, depth, slug, text]) => ({
    depth: Number(depth),
    slug: slug!,
    text: decodeHTML(text!.replace(/<[^>]+>/g, '')),
  }));

/** What changed between two published versions of a page, as a reviewer reads it: each changed section, by heading. */
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

/** A page that differs from its latest approval: as published now, and its latest approved version, if any. */
export interface Draft {
  kind: string;
  now: Published;
  latest?: Frozen | undefined;
}

/** The production build's gate: a message naming each page whose words are not approved and what changed. */
export function unapprovedReport(drafts: Draft[]): string {
  const pages = drafts.flatMap(({ kind, now, latest }) => {
    if (!latest) return [`${kind}: never approved.`, ''];
    const { approval } = latest;
    const since = `${versionId(kind, approval.version)}, approved by ${approval.approvedBy} on ${approval.date}`;
    const changes = sectionChanges(publishedText(latest), publishedText(now));
    const shown = changes.flatMap(({ part, lines }) => [`  ${part}`, ...lines.map((line) => `    ${line}`)]);
    return [
      `${kind}: its words differ from its latest approved version (${since}):`,
      ...(shown.length ? shown : ['  only the markup: the words and their punctuation are the same']),
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

/** Each approved version, newest first, with its reviews and the sections whose words changed since the one before. */
export function legalHistory(kind: string, frozen: Frozen[]) {
  const texts = frozen.map(publishedText);
  return frozen
    .map(({ approval }, index) => ({
      ...approval,
      id: versionId(kind, approval.version),
      changed: index ? sectionChanges(texts[index - 1]!, texts[index]!).map(({ part }) => headingText(part)) : [],
    }))
    .reverse();
}
