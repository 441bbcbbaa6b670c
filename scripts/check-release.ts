/**
 * `npm run check:release`: prints the addresses the app stores ask for, then lists every config field still at its
 * shipped example value (`example(...)` in site.config.ts), every template asset still in place (template-assets.ts)
 * but those the owner keeps by choice or does not need (`keepTemplateMedia`, `scene`), which its summary names,
 * and whatever else a launch still needs, each with the doc section that says how (a legal page failing its check
 * never hides the next), and exits non-zero while any is left, so a launch never ships placeholders.
 * The app ids ship unset (`example('')`): each is listed with what its absence costs, until it is set or written as a
 * plain ''.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  checkClock,
  checkRecordPublished,
  frozenCopies,
  isDraft,
  isTemplateRecord,
  lastUpdated,
  readApprovals,
  templateRecord,
  today,
  type Approvals,
  lawFacts,
  significantToFollow,
  legalPages,
  translationSources,
  approveArgs,
  recordKey,
  legalShared,
  legalText,
  publishesStale,
  readTranslationSettings,
  translationState,
  translationsFile,
  translationsToFollow,
} from 'legal-record';
import {
  ConfigError,
  fieldsAtExampleValues,
  loadConfig,
  pathName,
  valueAt,
  whereSet,
  type SiteConfig,
} from '../src/config/index.ts';
import { availableLocales } from '../src/config/languages.ts';
import { routes } from '../src/lib/routes.ts';
import { localeCodeForm } from '../src/lib/i18n.ts';
import { featureNames, type Features } from '../src/lib/features.ts';
import { templateAssetsByChoice, type AssetChoices, type TemplateAsset } from './template-assets.ts';

/** What still stands between these values and a launch, one line each; empty when ready. */
export function releaseProblems(config: SiteConfig, values?: Record<string, unknown>): string[] {
  const problems = fieldsAtExampleValues(config, values).map(({ field, path, value }) => {
    const unsetAppId = unsetAppIds[field];
    if (unsetAppId) {
      return (
        `${field} is unset: ${unsetAppId}  (set it in ${whereSet(field)}, ` +
        `or write a plain '' there if the app is not on that platform)`
      );
    }
    const shown = value === '' ? '(empty)' : JSON.stringify(value);
    return `${path} = ${shown}  (set it in ${whereSet(field)})`;
  });
  // SMS reviewers ask to see the sign-up screen's consent wording (Twilio 30842): the terms page shows a screenshot
  // of it once one is configured. The build checks that a configured file exists.
  if (!config.smsConsentScreenshot) {
    problems.push(
      `smsConsentScreenshot = (empty)  (a screenshot of the app's sign-up screen showing the SMS consent wording, under public/; set it in site.config.ts)`,
    );
  }
  // Contract terms need one state's law beside federal law (legal review S12): required, even when written as ''.
  if (!config.governingState && !problems.some((line) => line.startsWith('governingState '))) {
    problems.push(`governingState = (empty)  (the US state whose law governs the terms; set it in site.config.ts)`);
  }
  return problems;
}

const noAppleFile =
  'no /.well-known/apple-app-site-association, so iOS offers the app neither the domain-bound sign-in codes nor its links';
const noAndroidFile = 'no /.well-known/assetlinks.json, so Android does not verify the app for this domain';

/** What each app id, left unset, leaves out of the site. */
const unsetAppIds: Partial<Record<string, string>> = {
  appleTeamId: noAppleFile,
  iosBundleId: noAppleFile,
  androidPackage: `${noAndroidFile}, and the page offers no Google Play button`,
  androidCertFingerprints: noAndroidFile,
};

/** The doc section for one of releaseProblems' lines, by its field: the app ids', monitoring's, or the config's. */
export function configDoc(line: string): string {
  const field = line.split(/[ =[.]/)[0]!;
  if (field in unsetAppIds) return 'docs/app-links.md';
  if (field === 'sentryDsn' || field.startsWith('monitoring') || field.startsWith('replay'))
    return 'docs/monitoring.md';
  if (field === 'smsConsentScreenshot') return 'docs/legal-checklist.md#sms-terms-of-service-effective-july-12-2025';
  return 'README.md#make-it-yours';
}

/**
 * The yearly review (CCPA 1798.130(a)(5): the privacy policy is updated at least once every 12 months): one line per
 * page last updated more than `lawFacts.reviewMonths` months before `today`. `npm run check:release` lists them; a
 * build never fails for it, since a build must not start failing because time passed.
 */
export function stalePages(today: Date, features: Features, approvals: Approvals = readApprovals()): string[] {
  const limit = new Date(today);
  limit.setUTCMonth(limit.getUTCMonth() - lawFacts.reviewMonths);
  const oldest = limit.toISOString().slice(0, 10);
  return legalPages(features).flatMap(({ kind }) => {
    const latest = approvals[kind]?.at(-1);
    const updated = latest && lastUpdated(latest);
    if (!updated || updated >= oldest) return [];
    return [
      `${kind}: last updated ${updated}, more than ${lawFacts.reviewMonths} months ago  (review it with counsel, then record the review, or approve the change: npm run legal:approve -- ${kind} --by "<name>" --note "<what changed, for readers>" [--reviewed])`,
    ];
  });
}

/** One thing to do before launch, with the doc section that says how to do it. */
export interface ReleaseProblem {
  text: string;
  doc: string;
}

export const legalDocs = {
  record: 'docs/legal-pages.md#approving-and-versions',
  effectiveDates: 'docs/legal-pages.md#effective-dates',
  ownRecord: 'docs/legal-pages.md#your-own-record',
  check: 'docs/legal-pages.md#what-the-build-checks',
  data: 'docs/legal-pages.md#what-the-app-does-with-data-srccontentlegaldata-practicesyaml',
  translations: 'docs/legal-pages.md#translations',
  confirmations: 'docs/legal-checklist.md#what-the-owner-must-confirm-before-launch',
  significant: 'docs/legal-pages.md#significant-changes',
};

/**
 * The doc section for a legal error: the check's, the data file's, the record's dates', or else `otherwise` (the
 * record's, or the translations' for a translation's step).
 */
function legalErrorDoc(error: Error, otherwise = legalDocs.record): string {
  if (error.name === 'DataPracticesError') return legalDocs.data;
  if (/fails the legal check/.test(error.message)) return legalDocs.check;
  if (/\btakes? effect\b|effective date/.test(error.message)) return legalDocs.effectiveDates;
  return otherwise;
}

/**
 * Runs `step`; a legal error (a page failing the check, an invalid data file, a record edited after the fact) becomes
 * a problem of the list instead of ending the run, so one run lists every one. Anything else is a bug: rethrown.
 */
async function listing<T>(
  problems: ReleaseProblem[],
  step: () => T | Promise<T>,
  doc = legalDocs.record,
): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof Error) || !['LegalTextError', 'DataPracticesError'].includes(error.name)) throw error;
    problems.push({ text: error.message, doc: legalErrorDoc(error, doc) });
    return undefined;
  }
}

/**
 * The legal record: still the template's (its versions and approvers are not the owner's), a record edited after the
 * fact, a page that fails the legal check or whose words are not approved (both of which a production build refuses),
 * and each translation not approved or stale. Every one of them, each page on its own: one failing page never hides
 * the next.
 */
export async function legalProblems(config: SiteConfig): Promise<ReleaseProblem[]> {
  const problems: ReleaseProblem[] = [];
  if (isTemplateRecord())
    problems.push({
      text: `the legal record is the template's (${templateRecord})  (start your own before launch: npm run legal:new-record)`,
      doc: legalDocs.ownRecord,
    });
  const approvals = (await listing(problems, readApprovals)) ?? {};
  // A page users agreed to, of a feature switched off (or deleted), which a build refuses.
  await listing(problems, () => checkRecordPublished(config.features, approvals));
  // A clock behind the record, which a build and an approval refuse: every date read below would be wrong.
  await listing(
    problems,
    () => checkClock(approvals, today(), 'run npm run check:release again'),
    legalDocs.effectiveDates,
  );
  // A significant change until what must follow it is recorded: the stores told, parents asked again.
  for (const text of significantToFollow(approvals, config)) problems.push({ text, doc: legalDocs.significant });
  const approveHint = (key: string) =>
    `npm run legal:approve -- ${approveArgs(key)} --by "<your name>" --note "<what changed, for readers>"`;
  /**
   * The page's latest approved version, and whether its words as read now differ from it; undefined when its record or
   * its words fail, each listed (both, when both fail).
   */
  const approval = async (key: string, words: () => ReturnType<typeof legalText>, doc?: string) => {
    const copies = await listing(problems, () => frozenCopies(key, approvals[key] ?? []), doc);
    const now = await listing(problems, words, doc);
    return copies && now && { latest: copies.at(-1), unapproved: isDraft(now, copies.at(-1)) };
  };
  const shared = await listing(problems, () => legalShared(config));
  for (const { kind } of shared?.sources ?? []) {
    if ((await approval(kind, () => legalText(kind, undefined, shared!)))?.unapproved)
      problems.push({ text: `${kind}: its words are not approved  (${approveHint(kind)})`, doc: legalDocs.record });
  }
  // Each translation: its words approved, and translating the English version in effect.
  const { translations } = legalDocs;
  const settings = (await listing(problems, () => readTranslationSettings(), translations)) ?? {};
  for (const locale of config.languages.filter((each) => each !== 'en')) {
    const sources = (await listing(problems, () => translationSources(locale, config.features), translations)) ?? [];
    const words = sources.length
      ? await listing(problems, () => legalShared(config, sources, locale), translations)
      : undefined;
    for (const { kind, file } of words ? sources : []) {
      const key = recordKey(kind, locale);
      const state = await approval(key, () => legalText(kind, undefined, words!), translations);
      if (!state) continue;
      const { latest, unapproved } = state;
      if (unapproved) {
        problems.push({
          text: `${key} (${file}): its words are not approved  (${approveHint(key)})`,
          doc: legalDocs.translations,
        });
        continue;
      }
      const translation = translationState(
        approvals[kind] ?? [],
        { kind, locale, file, translates: latest?.approval.translates },
        today(),
      );
      if (translation.stale)
        problems.push({
          text: `${key} (${file}): translates ${translation.translates}, but the English version in effect is now ${translation.englishInEffect}${publishesStale(settings, translation) ? `; published with a notice (publishStale in ${translationsFile})` : ''}  (translate the change, then ${approveHint(key)})`,
          doc: legalDocs.translations,
        });
    }
  }
  return problems;
}

/** The addresses App Store Connect and Play Console ask for, on this site. */
export function storeUrls(config: SiteConfig): string[] {
  const pages = legalPages(config.features);
  const url = (kind: string) => new URL(pages.find((page) => page.kind === kind)!.path, config.siteUrl).href;
  return [
    `Support URL: ${new URL(routes.support, config.siteUrl).href}`,
    `Privacy Policy URL: ${url('privacy')}`,
    `User Privacy Choices URL (App Store Connect, App Privacy): ${url('privacy-choices')}`,
    `Delete account URL (Google Play, Data safety): ${url('delete-account')}`,
    `Marketing URL: ${new URL(routes.home, config.siteUrl).href}`,
  ];
}

export const confirmationsFile = 'src/content/legal/owner-confirmations.yaml';

/** What of the config an owner confirmation's conditions read. */
export type ConfirmationConfig = Pick<SiteConfig, 'features' | 'languages' | 'sentryDsn'>;

/** Intl's English name of a language code; undefined for a code it does not know ("sp"). */
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
/**
 * A language's code: one of src/content/i18n/ (the site's languages), or any code Intl knows, so an item about a
 * language whose folder an owner deleted is simply never listed, while a misspelt code stops the check.
 */
const isLanguageCode = (code: string) =>
  availableLocales().includes(code) ||
  (new RegExp(`^${localeCodeForm}$`).test(code) && languageNames.of(code) !== undefined);

const confirmedForm = 'false, or who confirmed it and when, like { by: Jane Doe, date: 2027-01-04 }';
/** An item of owner-confirmations.yaml; each of its conditions (`feature`, `language`, `monitoring`) must hold. */
const confirmationSchema = () =>
  z.strictObject({
    id: z.string('a name for the item, like sentry-unlinked'),
    confirm: z.string('the sentence to confirm'),
    confirmed: z.union(
      [
        z.literal(false),
        z.strictObject({
          by: z.string('the name of who confirmed it').trim().min(1, 'the name of who confirmed it'),
          date: z.iso.date('a date, YYYY-MM-DD'),
        }),
      ],
      confirmedForm,
    ),
    /** The feature it is about (src/lib/features.ts): listed only while the app has it. */
    feature: z
      .enum(featureNames, `one of ${featureNames.join(', ')} (listed only while features.<name> is true)`)
      .optional(),
    /** The language it is about (`es` for the Spanish pages): listed only while `languages` has it. */
    language: z
      .string('a language code, like es')
      .refine(
        isLanguageCode,
        `a language code, like es (the languages of src/content/i18n/: ${availableLocales().join(', ')})`,
      )
      .optional(),
    /** About the website's monitoring: listed only while `sentryDsn` is set (true), or only while it is empty (false). */
    monitoring: z
      .boolean('true (listed only while sentryDsn is set: monitoring on) or false (listed only while it is empty)')
      .optional(),
  });
const itemFields = Object.keys(confirmationSchema().shape);
export type OwnerConfirmation = z.infer<ReturnType<typeof confirmationSchema>>;

/** owner-confirmations.yaml is not as it must be: the message names each item, field, value and the form expected. */
export class ConfirmationsError extends Error {
  override name = 'ConfirmationsError';
  override stack = '';
}

/** `{ by: "Jane Doe" }`, `"yes"`, `missing`: a value as the message shows it. */
const shown = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value));

/** One line per problem of the items, naming the item (its id and place), the field, its value and what is expected. */
function itemProblems(items: unknown[], error: z.ZodError): string[] {
  return error.issues.map(({ path, code, message, ...issue }) => {
    const index = path[0] as number;
    const item = items[index] as Record<string, unknown> | null;
    const id = typeof item?.id === 'string' ? `${item.id} (item ${index + 1})` : `item ${index + 1}`;
    if (code === 'unrecognized_keys') {
      const keys = (issue as { keys: string[] }).keys;
      return `${id}: ${keys.join(', ')} is no field of an item; expected ${itemFields.join(', ')}`;
    }
    if (path.length === 1) return `${id} is ${shown(item)}; expected an item with ${itemFields.join(', ')}`;
    const field = pathName(path.slice(1));
    const expected = message.replace(/^Invalid input: expected /, '');
    return `${id}: ${field} is ${shown(valueAt(item, path.slice(1)))}; expected ${expected}`;
  });
}

/**
 * The items of owner-confirmations.yaml (`text`) that are about this `config`: each of an item's conditions holds, its
 * `feature` on, its `language` among `languages`, and its `monitoring` true only while `sentryDsn` is set (false, only
 * while it is empty). Throws a ConfirmationsError, naming each bad item and field, on a file not as it must be.
 */
export function ownerConfirmations(
  config: ConfirmationConfig,
  text = readFileSync(confirmationsFile, 'utf8'),
): OwnerConfirmation[] {
  let items: unknown;
  try {
    items = parseYaml(text);
  } catch (error) {
    throw new ConfirmationsError(`${confirmationsFile} is invalid: not YAML: ${(error as Error).message}`);
  }
  if (!Array.isArray(items))
    throw new ConfirmationsError(
      `${confirmationsFile} is invalid: expected a list of items, each with id, confirm and confirmed`,
    );
  const result = z.array(confirmationSchema()).safeParse(items);
  if (!result.success)
    throw new ConfirmationsError(
      `${confirmationsFile} is invalid:\n${itemProblems(items, result.error)
        .map((line) => `  - ${line}`)
        .join('\n')}`,
    );
  return result.data.filter(
    ({ feature, language, monitoring }) =>
      (!feature || config.features[feature]) &&
      (!language || config.languages.includes(language)) &&
      (monitoring === undefined || monitoring === Boolean(config.sentryDsn)),
  );
}

/**
 * What the pages state that no code can check (the lawyer's confirmations: provider settings, app behaviour): one
 * line per item of owner-confirmations.yaml about this config (ownerConfirmations) not yet confirmed by someone on a
 * date, or one line saying how the file is invalid.
 */
export function unconfirmed(config: ConfirmationConfig, text?: string): string[] {
  let items;
  try {
    items = ownerConfirmations(config, text);
  } catch (error) {
    if (error instanceof ConfirmationsError) return [error.message];
    throw error;
  }
  return items
    .filter(({ confirmed }) => !confirmed)
    .map(({ id, confirm }) => `${id}, to confirm: ${confirm}  (then record who and when in ${confirmationsFile})`);
}

/**
 * A template asset still in place, with how to replace it, and, for media an owner may keep (`keepTemplateMedia`) or
 * need only with the 3D scene (`scene`), how to say so instead: an owner who means to keep one can reach a pass.
 */
export function assetProblem({ name, replace, keep, scene }: TemplateAsset): string {
  const choices = [
    ...(keep ? [`keep it on purpose, keepTemplateMedia: ['${keep}']`] : []),
    ...(scene ? ['switch the 3D scene off, scene: false'] : []),
  ];
  const or = choices.length ? `; or ${choices.join(', or ')}, in site.config.ts` : '';
  return `${name}: still the template's  (${replace}${or})`;
}

/** What the summary says of the template's media the list leaves out by the owner's choice: kept, or the scene off. */
export function mediaChoiceNotes(choices: Pick<AssetChoices, 'scene'>, kept: TemplateAsset[]): string[] {
  return [
    ...(kept.length
      ? [
          `Kept by choice (keepTemplateMedia in site.config.ts), so not listed: ${kept.map(({ name }) => name).join('; ')}.`,
        ]
      : []),
    ...(choices.scene
      ? []
      : ['The 3D scene is off (scene: false in site.config.ts): its model and still are not asked for.']),
  ];
}

const usage = 'usage: npm run check:release';
const help = `${usage}

Lists, all in one run, what still stands between this project and a launch, each with how to fix it and the doc
section that explains it: config values at the template's example, the template's assets and words (not the media
kept by choice, keepTemplateMedia, nor the 3D model with scene: false: the summary names them), legal pages not
approved, failing the legal check or due for their yearly review, the template's legal record or one edited after the
fact, translations not approved or stale, and the owner confirmations not yet recorded (those about the features,
languages and monitoring of this config: set PUBLIC_SENTRY_DSN as the build does). Prints the Support, Privacy Policy,
User Privacy Choices, Delete account and Marketing URLs the app stores ask for, and the translations that must follow an English change approved for
later, with the day each is due. Exits 1 while anything is left, 0 once nothing is.
  --help  print this and exit`;

if (import.meta.main) {
  let args;
  try {
    args = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(1);
  }
  if (args.values.help) {
    console.log(help);
    process.exit(0);
  }
  try {
    const config = loadConfig();
    console.log(
      `For the store listings:\n${storeUrls(config)
        .map((line) => `  ${line}`)
        .join('\n')}\n`,
    );
    const legal = await legalProblems(config);
    const assets = templateAssetsByChoice(config);
    const problems: ReleaseProblem[] = [
      ...releaseProblems(config).map((text) => ({ text, doc: configDoc(text) })),
      ...assets.left.map((asset) => ({ text: assetProblem(asset), doc: asset.doc })),
      // An invalid record stops it: legalProblems lists that, once.
      ...((await listing([], () => stalePages(new Date(), config.features))) ?? []).map((text) => ({
        text,
        doc: legalDocs.record,
      })),
      ...legal,
      ...unconfirmed(config).map((text) => ({ text, doc: legalDocs.confirmations })),
    ];
    // Not yet due, so no reason to fail: what each translation must follow, and by when.
    const toFollow = (await listing([], () => translationsToFollow(config, readApprovals(), today()))) ?? [];
    if (toFollow.length)
      console.log(
        `Translations to follow, each by the day its English change takes effect (${legalDocs.translations}):\n${toFollow.map((line) => `  - ${line}`).join('\n')}\n`,
      );
    const notes = mediaChoiceNotes(config, assets.kept);
    if (notes.length) console.log(`${notes.join('\n')}\n`);
    if (problems.length === 0) {
      const but = assets.kept.length ? ', but the media kept by choice' : '';
      console.log(`Release check passed: no config value, asset or legal page is still the template's${but}.`);
    } else {
      console.error(
        `Release check failed: ${problems.length} thing(s) to do before launch, each with the doc that says how:`,
      );
      for (const { text, doc } of problems) console.error(`  - ${text.replace(/\n/g, '\n    ')}\n    see ${doc}`);
      process.exitCode = 1;
    }
  } catch (error) {
    // Ours name the file or field and the fix: the message is the whole story. Anything else is a bug: rethrown.
    const ours =
      error instanceof ConfigError || ['LegalTextError', 'DataPracticesError'].includes((error as Error).name);
    if (!ours) throw error;
    console.error(
      `${(error as Error).message}\n(${error instanceof ConfigError ? 'README.md#make-it-yours' : legalErrorDoc(error as Error)})`,
    );
    process.exitCode = 1;
  }
}
