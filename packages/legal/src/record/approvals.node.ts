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
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { diffArrays } from 'diff';
import { decodeHTML } from 'entities';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import {
  legalDir,
  legalSources,
  LegalTextError,
  parseLegalMarkdown,
  translationFile,
  translationSources,
  unpublishedLegalPages,
} from '../addresses/pages.node.ts';
import { significanceKinds } from '../check/law.ts';
import { approveArgs, recordKey, versionId } from '../addresses/pages.ts';
import { readText } from '../files.node.ts';
import { featureNames, type Features, localeCodeForm, type Locale } from '../host.ts';
import { availableLocales } from '../host.node.ts';

export const approvalsFile = `${legalDir}/approvals.yaml`;
export const versionsDir = `${legalDir}/versions`;
export const frozenFile = (kind: string, version: string) => `${versionsDir}/${kind}/${version}.html`;

const date = z.iso.date();
const by = z.string().trim().min(1);
/** What changed, for readers: the history shows it beside the version. */
const note = z.string().trim().min(1);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const record = {
  version: z.string().regex(/^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'a version like 2026-11-25 or 2026-11-25-2'),
  date,
  approvedBy: by,
  note,
  /** The day the version takes effect (never before `date`); absent, its approval's date. */
  takesEffect: date.optional(),
  /** Why it takes effect sooner than the page's notice period: a change that needs no notice. */
  noNotice: note.optional(),
  /**
   * The owner's choice, on a change of a page of `significanceKinds`: whether the change is significant, which the
   * app-store laws make the developer tell the stores of, and ask parents again for (significant.node.ts).
   */
  significant: z.boolean().optional(),
  /**
   * On a translation (`privacy.es`): the English version it translates (`privacy@2026-11-27`), the latest one approved
   * when the translation was; a newer English version makes it stale (translations.node.ts).
   */
  translates: z
    .string()
    .regex(/^[a-z0-9-]+@\d{4}-\d{2}-\d{2}(-\d+)?$/, 'a version like privacy@2026-11-25')
    .optional(),
  /**
   * The address the page was published at when approved (`/privacy`, `/es/privacy`): the record's memory of it, which
   * a page moved later must list in `formerPaths` (formerPaths.node.ts). Absent on approvals made before it was kept.
   */
  path: z
    .string()
    .regex(new RegExp(`^(/${localeCodeForm})?/[a-z0-9-]+$`), 'an address like /privacy, /es/privacy or /pt-BR/privacy')
    .optional(),
};
export const approvalSchema = z.strictObject({
  ...record,
  /** The sha256 of the frozen copy. */
  sha256,
  /**
   * The features of site.config.ts the English page was approved with: a switch whose change takes effect later
   * waits for that day everywhere else too (featuresInEffect.node.ts). Absent on approvals made before it was kept.
   */
  features: z.partialRecord(z.enum(featureNames), z.boolean()).optional(),
  /** Approved for the template itself (`--template`): `npm run legal:new-record` removes only such versions. */
  template: z.literal(true).optional(),
  /**
   * Later reviews that changed no word (the yearly review): each refreshes "Last updated". Each carries the sha256 of
   * its words bound to its version's (reviewHash), so an earlier review edited stops the build like an approval.
   */
  reviews: z.array(z.strictObject({ date, by, note, sha256 })).optional(),
  /** On a significant change: who did what must follow it, and when (significant.node.ts), bound like a review. */
  followed: z.strictObject({ date, by, note, sha256 }).optional(),
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
/** Whether the record is still the template's: an example no user agreed to, to be replaced before launch. */
export const isTemplateRecord = () => existsSync(templateRecord);

/**
 * How long before a change takes effect the pages promise notice, unless a page's front matter sets `noticeDays`:
 * 30 days, as GitHub gives for its own policies (docs/legal-pages.md, "Effective dates").
 */
export const defaultNoticeDays = 30;
/** The day a version takes effect. */
export const effectiveOf = (approval: Pick<Approval, 'date' | 'takesEffect'>) => approval.takesEffect ?? approval.date;
/** Today, UTC, as YYYY-MM-DD: the day a build publishes for. */
export const today = () => new Date().toISOString().slice(0, 10);
/** `day` plus `days`, as YYYY-MM-DD. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every page's approvals, oldest first. */
export function readApprovals(): Approvals {
  if (!existsSync(approvalsFile)) return {};
  const result = z.record(z.string(), z.array(approvalSchema)).safeParse(parse(readText(approvalsFile)));
  if (!result.success) throw new LegalTextError(`${approvalsFile} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data as Approvals;
}

const writeApprovals = (all: Approvals) =>
  writeFileSync(
    approvalsFile,
    `# Written by npm run legal:approve (docs/legal-pages.md).\n${stringify(all, { singleQuote: true })}`,
  );

/**
 * Stops when the record holds a page that no Markdown file is any more (a page deleted or renamed), or one of a feature
 * switched off in site.config.ts (`unpublished`: its kind and that feature): its versions, what users agreed to,
 * would silently leave the site. Names the page, where its record is and, for a feature, the switch.
 */
export function checkNoPageLost(
  kinds: string[],
  approvals: Approvals = readApprovals(),
  locales = availableLocales(),
  unpublished: { kind: string; feature: string }[] = [],
) {
  const folders = existsSync(versionsDir)
    ? readdirSync(versionsDir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []))
    : [];
  // A language whose folder is gone is retired whole (docs/languages.md): its record stays, unpublished.
  const retired = (key: string) => key.includes('.') && !locales.includes(key.split('.').pop()!);
  const lost = [...new Set([...Object.keys(approvals), ...folders])].filter(
    (kind) => !kinds.includes(kind) && !retired(kind),
  );
  // A page of a feature switched off is kept out of the site (pages.node.ts, legalSources): once approved, it may not be.
  const offOf = (key: string) => unpublished.find(({ kind }) => kind === key.split('.')[0]);
  const off = lost.filter(offOf);
  if (off.length) {
    const switches = [...new Set(off.map((key) => `features.${offOf(key)!.feature}`))];
    throw new LegalTextError(
      `${off.map((key) => `${key}: approved in ${approvalsFile} (${versionsDir}/${key}/), but features.${offOf(key)!.feature} is false in site.config.ts, which unpublishes ${legalDir}/${offOf(key)!.kind}.md`).join('\n')}\nA page users agreed to stays published with its history (docs/legal-pages.md#features): set ${switches.join(', ')} back to true in site.config.ts, keeping the page and its record as committed. A page goes with its feature only before your own record approves it (npm run legal:new-record starts one empty).`,
    );
  }
  // A translation's Markdown is in its language's folder (`privacy.es`: src/content/i18n/es/legal/privacy.md).
  const fileOf = (key: string) => {
    const [kind, locale] = key.split('.');
    return locale ? translationFile(kind!, locale as Locale) : `${legalDir}/${kind}.md`;
  };
  if (lost.length)
    throw new LegalTextError(
      `${lost.map((kind) => `${kind}: approved versions in ${approvalsFile} or ${versionsDir}/${kind}/, but no ${fileOf(kind)}`).join('\n')}\nA page users agreed to stays published with its history (docs/legal-pages.md, "Approving and versions"): restore its Markdown file (its name is its address's key), keeping its record as committed.`,
    );
}

/**
 * checkNoPageLost over the pages `features` publish (pages.node.ts, legalSources), in every language of the project:
 * what the build and `npm run check:release` ask of the record.
 */
export function checkRecordPublished(features: Features, approvals: Approvals = readApprovals()) {
  const locales = availableLocales();
  const keys = [
    ...legalSources(features).map(({ kind }) => kind),
    ...locales
      .filter((locale) => locale !== 'en')
      .flatMap((locale) => translationSources(locale, features).map(({ kind }) => recordKey(kind, locale))),
  ];
  checkNoPageLost(keys, approvals, locales, unpublishedLegalPages(features));
}

/** The date of the approval's last word: its own, or its latest review's. */
export const lastUpdated = (approval: Approval) => approval.reviews?.at(-1)?.date ?? approval.date;

/**
 * Stops when the clock (`on`, UTC) reads a day before the record's latest date, an approval's or a review's, naming
 * it. Nothing is ever recorded on a day ahead of the clock (`--date` may not be in the future), so such a clock is
 * wrong; a build on it would publish older versions and announce versions readers already have as still to come, and
 * an approval on it would be dated before ones already made. `then` says what to run again once the clock is right.
 */
export function checkClock(approvals: Approvals, on = today(), then = 'run the build again') {
  const dates = Object.entries(approvals).flatMap(([key, list = []]) =>
    list.map((approval) => ({ key, approval, day: lastUpdated(approval) })),
  );
  const latest = dates.reduce<(typeof dates)[number] | undefined>((a, b) => (!a || b.day > a.day ? b : a), undefined);
  if (!latest || on >= latest.day) return;
  const { key, approval, day } = latest;
  throw new LegalTextError(
    `The clock reads ${on} (UTC), before the legal record's latest date: ${versionId(key, approval.version)} was ${day === approval.date ? 'approved' : 'reviewed'} on ${day} (${approvalsFile}). On this clock the legal pages would show older versions, and announce as still to come the versions readers already have (docs/legal-pages.md#effective-dates). Set this machine's clock to the right date and time (in CI, the build machine's), then ${then}.`,
  );
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
/** A review's words, bound to its version's frozen copy: an edit of its date, reviewer or note changes it. */
export const reviewHash = (approval: Pick<Approval, 'sha256'>, review: { date: string; by: string; note: string }) =>
  hashOf(JSON.stringify([approval.sha256, review.date, review.by, review.note]));

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
    if (effectiveOf(approval) < date)
      stop(version, `it takes effect on ${effectiveOf(approval)}, before its approval (${date})`);
    if (previous && effectiveOf(approval) < effectiveOf(previous))
      stop(
        version,
        `it takes effect on ${effectiveOf(approval)}, before the version before it (${effectiveOf(previous)})`,
      );
    for (const review of approval.reviews ?? []) {
      if (review.sha256 !== reviewHash(approval, review))
        stop(
          version,
          `its review of ${review.date} is not the review recorded (its sha256): its date, by or note was edited`,
        );
    }
    if (approval.followed && approval.followed.sha256 !== reviewHash(approval, approval.followed))
      stop(version, `what followed it is not as recorded (its sha256): its date, by or note was edited`);
    if (approval.followed && !approval.significant)
      stop(version, `it records what followed a significant change, but it is not one (significant: true)`);
    const file = frozenFile(kind, version);
    if (!existsSync(file)) stop(version, `its frozen copy, ${file}, is missing`);
    const text = readText(file);
    if (hashOf(text) !== approval.sha256) stop(version, `${file} differs from the copy approved (its sha256)`);
    const { data, body: html } = parseLegalMarkdown(text, file, frozenSchema);
    const fields = ['version', 'date', 'approvedBy', 'note', 'takesEffect', 'noNotice', 'translates', 'path'] as const;
    for (const field of fields) {
      if (data[field] !== approval[field])
        stop(
          version,
          `its ${field} is ${JSON.stringify(approval[field])} in ${approvalsFile}, but ${JSON.stringify(data[field])} in its frozen copy`,
        );
    }
    const { title, effective, summary } = data;
    if (!index && effective > effectiveOf(approval))
      stop(
        version,
        `the page's first effective date, ${effective}, is after its first version takes effect (${effectiveOf(approval)})`,
      );
    return { approval, data: { title, effective, summary }, html };
  });
}

/** What an approval records besides the page: who, when, why, and when it takes effect. */
export interface ApprovalRequest {
  by: string;
  /** The approval's date, YYYY-MM-DD. */
  on: string;
  /** What changed, for readers. */
  note: string;
  /** A review that changes no word (the yearly review), not a new version. */
  reviewed?: boolean | undefined;
  /** Whether the change is significant: asked, and recorded, on an English page of `significanceKinds`. */
  significant?: boolean | undefined;
  /** Records that what must follow the latest version, a significant change, was done (`note` says what). */
  followed?: boolean | undefined;
  /** When the version takes effect; absent, on the approval's date. */
  takesEffect?: string | undefined;
  /** Why it needs no notice, if it takes effect sooner than the page's notice period. */
  noNotice?: string | undefined;
  /** The page's notice period in days. */
  noticeDays?: number | undefined;
  /** Approved for the template itself (its maintainers), while the record is the template's. */
  template?: boolean | undefined;
  /** Example values of the config the words quote (examples.node.ts): an owner's record refuses them. */
  exampleValues?: string[] | undefined;
  /**
   * On a translation: the English version it translates. A new one is a new version of the translation even when
   * its words are the same (the English changed in a way that changes no word of the translation).
   */
  translates?: string | undefined;
  /**
   * On a translation: the day the English version it translates takes effect. The translation takes effect with it
   * (or on its approval, if later), never before; its notice is the English one's, which every published translation
   * announced in its own language from the day the English was approved.
   */
  translatesEffective?: string | undefined;
  /** The page's address as published now (`/privacy`, `/es/privacy`): recorded, so a later move is known. */
  path?: string | undefined;
  /** The config's features, recorded with an English page's approval. */
  features?: Features | undefined;
}

/**
 * Records that `by` approved `now`, the page as published now, and freezes it; or, `reviewed`, that `by` reviewed
 * its latest version and nothing changed; or, `followed`, that `by` did what must follow its latest version, a
 * significant change. Refuses, naming what it got and what it expected: no note, a page already
 * approved (unless reviewed), a review of a changed page, a date before the record's latest, an effective date before
 * the approval or the version before it, a change sooner than the notice period without `noNotice`, a first effective
 * date after the first version takes effect, an owner's approval on the template's record, example values, and a note
 * naming a section (`#id`) whose words did not change; on a change of a terms or privacy page, no choice of whether it
 * is significant.
 */
export function approve(kind: string, now: Published, request: ApprovalRequest) {
  const { by, on, reviewed = false, noticeDays = defaultNoticeDays } = request;
  const note = request.note?.trim();
  const refuse = (problem: string): never => {
    throw new LegalTextError(`${kind}: ${problem}`);
  };
  if (!note) refuse('--note is missing: what changed, in a line for readers; the history shows it');
  const template = isTemplateRecord();
  if (template && !request.template)
    refuse(
      `the legal record is still the template's (${templateRecord}); start your own record first: npm run legal:new-record`,
    );
  if (!template && request.template) refuse(`--template is for the template's own record; this one is yours`);
  if (!template && request.exampleValues?.length)
    refuse(
      `the words quote example values of site.config.ts: ${request.exampleValues.join(', ')}; expected your own (npm run check:release lists them)`,
    );
  const all = readApprovals();
  const list = all[kind] ?? [];
  const latest = frozenCopies(kind, list).at(-1);
  const last = latest && lastUpdated(latest.approval);
  if (last && on < last) refuse(`${on} is before the latest record, ${last}: dates only move forward`);
  if (request.followed) {
    if (!latest?.approval.significant)
      return refuse(
        `--followed records what followed a significant change; the latest version${latest ? `, ${versionId(kind, latest.approval.version)},` : ''} is not one`,
      );
    const { approval } = latest;
    if (approval.followed) return refuse(`what followed ${versionId(kind, approval.version)} is already recorded`);
    const followed = { date: on, by, note };
    const entry = { ...approval, followed: { ...followed, sha256: reviewHash(approval, followed) } };
    return writeApprovals({ ...all, [kind]: [...list.slice(0, -1), entry] });
  }
  const retranslated = request.translates !== undefined && request.translates !== latest?.approval.translates;
  if (reviewed === (isDraft(now, latest) || retranslated)) {
    refuse(
      reviewed
        ? `the page differs from its latest approved version; approve it (without --reviewed)`
        : `the words equal its latest approved version, ${versionId(kind, latest!.approval.version)}; to record a review that changes no word, add --reviewed`,
    );
  }
  // A note may point readers at a section by its id (#changes), shown by its heading: only at one whose words changed.
  const named = [...note.matchAll(/#([\w-]+)/g)].map(([, id]) => id!);
  const changed =
    latest && !reviewed ? sectionChanges(publishedText(latest), publishedText(now)).map(({ id }) => id) : [];
  const unchanged = named.filter((id) => !changed.includes(id));
  if (unchanged.length)
    refuse(
      `--note names ${unchanged.map((id) => `#${id}`).join(', ')}, whose words did not change${latest ? ` since ${versionId(kind, latest.approval.version)}` : ' (this is the first version)'}; expected one of the sections that changed: ${
        changed
          .filter((id) => id && id !== frontMatterPart)
          .map((id) => `#${id}`)
          .join(', ') || 'none'
      }`,
    );
  if (reviewed) {
    const review = { date: on, by, note };
    const reviews = [...(latest!.approval.reviews ?? []), { ...review, sha256: reviewHash(latest!.approval, review) }];
    return writeApprovals({ ...all, [kind]: [...list.slice(0, -1), { ...latest!.approval, reviews }] });
  }
  const follows = request.translatesEffective;
  const takesEffect = request.takesEffect ?? (follows && follows > on ? follows : on);
  if (takesEffect < on)
    refuse(`--effective ${takesEffect} is before the approval's date, ${on}; expected ${on} or later`);
  if (latest && takesEffect < effectiveOf(latest.approval))
    refuse(
      `--effective ${takesEffect} is before ${versionId(kind, latest.approval.version)} takes effect (${effectiveOf(latest.approval)}); expected that date or later`,
    );
  if (!latest && now.data.effective > takesEffect)
    refuse(
      `the page's first effective date (effective: ${now.data.effective} in ${legalDir}/${kind}.md) is after its first version takes effect (${takesEffect}); expected ${takesEffect} or earlier`,
    );
  const noticeEnds = addDays(on, noticeDays);
  const noNotice = request.noNotice?.trim() || undefined;
  if (follows && takesEffect < follows)
    refuse(
      `--effective ${takesEffect} is before ${request.translates} takes effect (${follows}); expected that date or later: a translation takes effect with the English it translates`,
    );
  if (!follows && latest && takesEffect < noticeEnds && !noNotice)
    refuse(
      `--effective ${takesEffect} gives less than the page's ${noticeDays} days of notice; expected ${noticeEnds} or later, or --no-notice "<why this change needs no notice>"`,
    );
  // Asked of a change of an English terms or privacy page; a translation takes effect with its English version.
  const asked = !request.translates && significanceKinds.includes(kind);
  const significant = asked ? request.significant : undefined;
  if (latest && asked && significant === undefined)
    refuse(
      `--significant or --not-significant is missing: whether this change is significant is yours to decide (docs/legal-pages.md#significant-changes); a significant one is told to the app stores, and parents asked again, by the day it takes effect`,
    );
  const n = list.filter((approval) => approval.date === on).length + 1;
  const version = n > 1 ? `${on}-${n}` : on;
  const fields = {
    version,
    date: on,
    approvedBy: by,
    note,
    ...(takesEffect !== on && { takesEffect }),
    ...(noNotice && { noNotice }),
    ...(significant !== undefined && { significant }),
    ...(request.translates && { translates: request.translates }),
    ...(request.path && { path: request.path }),
  };
  const copy = frozenText({ ...fields, ...now.data }, now.html);
  mkdirSync(`${versionsDir}/${kind}`, { recursive: true });
  writeFileSync(frozenFile(kind, version), copy);
  const entry = {
    ...fields,
    sha256: hashOf(copy),
    ...(request.features && { features: request.features }),
    ...(template && { template: true as const }),
  };
  writeApprovals({ ...all, [kind]: [...list, entry] });
  return version;
}

/**
 * The article's words, one line per block a reader sees (a paragraph, an item, a cell's row), tags left out and
 * entities decoded: the source's own line breaks are spaces, so a paragraph re-wrapped is the same line.
 */
const textLines = (html: string) =>
  decodeHTML(
    html
      .replace(/\s+/g, ' ')
      .replace(/<\/t[dh]>/g, ' | ')
      .replace(/<br\s*\/?>|<\/(p|li|tr|h\d|dt|dd|figcaption|blockquote|div|section)>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** The ids of a page's two parts before its first heading (the history names them in the page's language). */
export const frontMatterPart = 'front matter';
export const leadPart = '';
/** A frozen copy's record lines (`version: ...`): a reader sees none of them, so no change of theirs is a change. */
const recordLine = new RegExp(`^(${Object.keys(record).join('|')}):`);

/** A published page's parts: its header's words, then its article split at each h2 and h3, keyed by id. */
function sectionsOf(published: string) {
  const [, front = '', html = ''] = /^---\n([\s\S]*?)---\n([\s\S]*)$/.exec(published) ?? [];
  const header = front.split('\n').filter((line) => line.trim() && !recordLine.test(line));
  const parts = [
    { id: frontMatterPart, heading: 'Title, dates and summary', lines: header },
    { id: leadPart, heading: 'Text before the first heading', lines: [] as string[] },
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
export function sectionChanges(before: string, after: string): { id: string; part: string; lines: string[] }[] {
  const old = new Map(sectionsOf(before).map((section) => [section.id, section]));
  const now = sectionsOf(after);
  const gone = [...old.values()].filter((section) => !now.some(({ id }) => id === section.id));
  const change = ({ id, heading }: { id: string; heading: string }, was: string[], is: string[]) => {
    const lines = diffArrays(was, is).flatMap(({ added, removed, value }) =>
      added || removed ? value.map((line) => `${added ? '+' : '-'} ${line}`) : [],
    );
    return lines.length ? [{ id, part: heading, lines }] : [];
  };
  return [
    ...now.flatMap((section) => change(section, old.get(section.id)?.lines ?? [], section.lines)),
    ...gone.flatMap((section) => change(section, section.lines, [])),
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

/**
 * The production build's gate: a message naming each page whose words are not approved and what changed. While the
 * record is the template's, it says to start one's own first, so an owner's versions never land on the template's.
 */
export function unapprovedReport(drafts: Draft[], template = isTemplateRecord()): string {
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
  const approveEach = drafts.map(
    ({ kind }) =>
      `  npm run legal:approve -- ${approveArgs(kind)} --by "<your name>" --note "<what changed, for readers>"`,
  );
  return [
    'Legal text not approved: a production build publishes only the words approved (docs/legal-pages.md).',
    '',
    ...pages,
    ...(template
      ? [
          `The legal record is still the template's (${templateRecord}): its versions are an example no user agreed to.`,
          'Start your own record first, then approve each page as you publish it:',
          '  npm run legal:new-record',
        ]
      : ['Once they are read and right, approve them:']),
    ...approveEach,
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
      changed: index
        ? sectionChanges(texts[index - 1]!, texts[index]!).map(({ id, part }) => ({ id, heading: headingText(part) }))
        : [],
    }))
    .reverse();
}
