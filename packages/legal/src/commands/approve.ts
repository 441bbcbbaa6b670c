#!/usr/bin/env node
/**
 * `npm run legal:approve -- <page> --by "<name>" --note "<for readers>" [--effective YYYY-MM-DD] [--no-notice "<why>"]
 * [--reviewed] [--date YYYY-MM-DD]`: records that <name> approved the page as a visitor reads it now (every token,
 * data block and generated sentence filled in, rendered), in src/content/legal/approvals.yaml, and freezes it in
 * src/content/legal/versions/<page>/<version>.html, published at /legal/<page>/<version> (docs/legal-pages.md,
 * "Approving and versions"). `--effective` is the day the version takes effect (default: the approval's date); a change
 * sooner than the page's notice period needs `--no-notice` with its reason; a translation takes effect with the English
 * version it translates (by default, and never before), whose notice it shares. `--reviewed` records a review that changes
 * no word (the yearly review): "Last updated" follows it. `--date` (default: today, UTC) is for tests and for
 * recording a sign-off late; it may not be before the record's latest date, nor after today. `--template` is for the template's own
 * maintainers, while the record is the template's. `--locale es` approves the page's Spanish translation
 * (src/content/i18n/es/legal/<page>.md) as its own record, `<page>.es`, naming the English version it translates: the
 * English page's latest approved one, which must exist.
 */
import { parseArgs } from 'node:util';

const usageLine =
  'usage: npm run legal:approve -- <page> --by "<your name>" --note "<what changed, for readers>" [options]';
const help = `${usageLine}

Records that you approved the page as a visitor reads it now, and freezes that copy (docs/legal-pages.md#approving-and-versions).
  <page>                  the page's kind: its file's name in src/content/legal/ (privacy for privacy.md)
  --by "<name>"           who read and approves the text (shown on the page's history)
  --note "<one line>"     what changed, for readers (shown on the page's history); a section named by its id
                          (#changes) shows as its heading, and must be one whose words changed
  --effective YYYY-MM-DD  the day this version takes effect (default: the approval's date); a change needs the page's
                          notice period, 30 days unless its front matter says otherwise (docs/legal-pages.md#effective-dates);
                          a translation takes effect with the English version it translates (its default), never before
  --no-notice "<why>"     take effect sooner than the notice period, recording why (a typo fixed)
  --reviewed              record a review that changes no word (the yearly review): "Last updated" follows it
  --significant           the change is significant (asked of a change of the terms and privacy pages, yours to
  --not-significant       decide: docs/legal-pages.md#significant-changes); a significant one is told to the app
                          stores, and parents asked again where the app has teen accounts, by the day it takes effect
  --followed              record that what must follow the latest version, a significant change, was done (--note
                          says what); until then npm run check:release lists it
  --date YYYY-MM-DD       the day the approval was given (default: today, UTC), to record a sign-off given earlier:
                          not before the record's latest date, and never in the future
  --locale es             approve the page's translation, naming the English version it translates
  --template              for the template's own maintainers, while the record is the template's
  --help                  print this and exit`;
function fail(message: string): never {
  console.error(`${message}\n${usageLine}\n(npm run legal:approve -- --help describes every option)`);
  process.exit(1);
}

let args;
try {
  const options = {
    by: { type: 'string' },
    note: { type: 'string' },
    date: { type: 'string' },
    effective: { type: 'string' },
    'no-notice': { type: 'string' },
    reviewed: { type: 'boolean' },
    significant: { type: 'boolean' },
    'not-significant': { type: 'boolean' },
    followed: { type: 'boolean' },
    template: { type: 'boolean' },
    locale: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  args = parseArgs({ allowPositionals: true, options });
} catch (error) {
  fail((error as Error).message);
}
if (args.values.help) {
  console.log(help);
  process.exit(0);
}

// Imported once in the project's folder: the config and the legal files are read relative to it.
const {
  approvalsFile,
  approve,
  checkClock,
  effectiveOf,
  frozenCopies,
  frozenFile,
  headingText,
  publishedText,
  readApprovals,
  sectionChanges,
  today: clock,
} = await import('../record/approvals.node.ts');
const { exampleValuesQuoted, legalSourcesOf } = await import('../check/examples.node.ts');
const { legalPages, translationFile, translationSources, unpublishedLegalPages } =
  await import('../addresses/pages.node.ts');
const { recordKey, versionId } = await import('../addresses/pages.ts');
const { legalShared, legalText } = await import('../render/text.node.ts');
const { translationsToFollow } = await import('../translations/translations.node.ts');
const { significantToFollow } = await import('../record/significant.node.ts');
const { availableLocales, configOrExit } = await import('../host.node.ts');
const { localePath } = await import('../host.ts');
const config = configOrExit();
const locales = availableLocales();
const today = clock();
// A clock behind the record is named first: no approval, nor any date checked against it, is right on it.
try {
  checkClock(readApprovals(), today, 'approve again');
} catch (error) {
  if (!(error instanceof Error) || error.name !== 'LegalTextError') throw error;
  fail(error.message);
}

const { values, positionals } = args;
const pages = legalPages(config.features);
const page = pages.find(({ kind }) => kind === positionals[0]);
// A page of a feature the app lacks is not published (pages.node.ts, legalSources): nothing to approve.
const off = unpublishedLegalPages(config.features).find(({ kind }) => kind === positionals[0]);
if (positionals.length === 1 && off)
  fail(
    `${off.kind} is not published: features.${off.feature} is false in site.config.ts (docs/legal-pages.md#features). Pages to approve: ${pages.map((p) => p.kind).join(', ')}.`,
  );
if (positionals.length !== 1 || !page) fail(`Name one page to approve: ${pages.map((p) => p.kind).join(', ')}.`);
const { kind } = page;
const locale = values.locale ?? 'en';
if (!locales.includes(locale)) fail(`--locale ${values.locale}: expected one of ${locales.join(', ')}.`);
const translated = locale === 'en' ? undefined : translationSources(locale, config.features);
if (translated && !translated.some((source) => source.kind === kind))
  fail(`${kind} has no ${locale} translation: expected ${translationFile(kind, locale)}.`);
// The record the approval goes to: the page's own, or its translation's (`privacy.es`).
const key = recordKey(kind, locale);
const by = values.by?.trim();
if (!by) fail('--by is missing: the name of the person who read and approves this text.');
const note = values.note?.replace(/\s+/g, ' ').trim();
if (!note) fail('--note is missing: what changed, in one line for readers (the history shows it).');
// Round-tripped, so 2026-02-30 is refused too.
const isDate = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const date = values.date ?? today;
if (!isDate(date)) fail(`--date ${date}: expected a date, YYYY-MM-DD.`);
// An approval records a sign-off that happened: one dated ahead would show readers a day that has not come.
if (date > today)
  fail(
    `--date ${date} is in the future (today is ${today}, UTC); expected the day the approval was given, at the latest today.`,
  );
if (values.significant && values['not-significant']) fail('--significant and --not-significant: expected one of them.');
const significant = values.significant ? true : values['not-significant'] ? false : undefined;
if (values.effective !== undefined && !isDate(values.effective))
  fail(`--effective ${values.effective}: expected a date, YYYY-MM-DD.`);

try {
  // Words that do not render (an unknown token, a bad data entry) stop here with the build's own message.
  const now = await legalText(kind, undefined, legalShared(config, translated, locale));
  // A rewritten record stops here too, naming the version.
  const approvals = readApprovals();
  const latest = frozenCopies(key, approvals[key] ?? []).at(-1);
  // A translation names the English version it translates: the latest approved, whose words it was made from.
  const english = translated && frozenCopies(kind, approvals[kind] ?? []).at(-1);
  if (translated && !english)
    fail(`${kind} has no approved English version yet: approve it first (npm run legal:approve -- ${kind} ...).`);
  const translates = english ? versionId(kind, english.approval.version) : undefined;
  const changes = latest && !values.reviewed ? sectionChanges(publishedText(latest), publishedText(now)) : [];
  const version =
    approve(key, now, {
      by,
      on: date,
      note,
      reviewed: values.reviewed,
      significant,
      followed: values.followed,
      takesEffect: values.effective,
      noNotice: values['no-notice'],
      noticeDays: page.noticeDays,
      template: values.template,
      exampleValues: exampleValuesQuoted(config, publishedText(now), legalSourcesOf(kind)),
      translates,
      translatesEffective: english && effectiveOf(english.approval),
      path: localePath(locale, page.path),
      // A translation takes effect with its English page, whose approval says which features it describes.
      features: translated ? undefined : config.features,
    }) ?? latest!.approval.version;
  const id = versionId(key, version);
  if (values.followed) {
    console.log(`Recorded what followed ${id}, a significant change (${by}, ${date}): ${note}.`);
    console.log(`Commit ${approvalsFile}.`);
    process.exit(0);
  }
  if (values.reviewed) console.log(`Recorded a review of ${id} (${by}, ${date}): no word changed.`);
  else
    console.log(
      `Approved ${id} (${by}, ${date}), in effect from ${effectiveOf(readApprovals()[key]!.at(-1)!)}${translates ? `, translating ${translates}` : ''}.`,
    );
  if (changes.length)
    console.log(
      `Changed since ${versionId(key, latest!.approval.version)}: ${changes.map((c) => headingText(c.part)).join('; ')}`,
    );
  console.log(`Commit ${approvalsFile}${values.reviewed ? '' : ` and ${frozenFile(key, version)}`}.`);
  if (significant && !values.reviewed)
    console.log(
      `To follow:\n  ${significantToFollow(readApprovals(), config).find((line) => line.startsWith(`${id} `))}`,
    );
  // From the day an English change is approved, each published translation announces it and must follow it.
  const toFollow = locale !== 'en' ? [] : translationsToFollow(config, readApprovals(), today, kind);
  if (toFollow.length)
    console.log(
      `Translations to follow (until each is approved, its page announces the change in its language, linking the English):\n${toFollow.map((line) => `  - ${line}`).join('\n')}`,
    );
} catch (error) {
  // Ours name the file, the field and what to do: the message is the whole story. Anything else is a bug: rethrown.
  if (!(error instanceof Error) || !['LegalTextError', 'DataPracticesError'].includes(error.name)) throw error;
  fail(error.message);
}
