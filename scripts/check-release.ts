/**
 * `npm run check:release`: prints the addresses the app stores ask for, then lists every config field still at its
 * shipped example value (`example(...)` in site.config.ts), every template asset still in place (template-assets.ts)
 * and whatever else a launch still needs, and exits non-zero while any is left, so a launch never ships placeholders.
 * The app ids ship unset (`example('')`): each is listed with what its absence costs, until it is set or written as a
 * plain ''.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import ownerValues from '../site.config.ts';
import {
  frozenCopies,
  isDraft,
  isTemplateRecord,
  lastUpdated,
  readApprovals,
  templateRecord,
  type Approvals,
} from '../src/lib/legal/approvals.node.ts';
import { lawFacts } from '../src/lib/legal/law.ts';
import { legalPages, translationSources } from '../src/lib/legal/pages.node.ts';
import { approveArgs, recordKey, versionId } from '../src/lib/legal/pages.ts';
import { legalShared, legalText } from '../src/lib/legal/text.node.ts';
import {
  isStale,
  publishesStale,
  readTranslationSettings,
  translationsFile,
} from '../src/lib/legal/translations.node.ts';
import { locales } from '../src/lib/i18n.ts';
import { ConfigError, fieldsAtExampleValues, loadConfig, whereSet, type SiteConfig } from '../src/config/index.ts';
import { routes } from '../src/lib/routes.ts';
import { templateAssetProblems } from './template-assets.ts';

/** What still stands between these values and a launch, one line each; empty when ready. */
export function releaseProblems(
  values: Record<string, unknown> = ownerValues,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const config = loadConfig(env, values);
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

/**
 * The yearly review (CCPA 1798.130(a)(5): the privacy policy is updated at least once every 12 months): one line per
 * page last updated more than `lawFacts.reviewMonths` months before `today`. `npm run check:release` lists them; a
 * build never fails for it, since a build must not start failing because time passed.
 */
export function stalePages(today: Date, approvals: Approvals = readApprovals()): string[] {
  const limit = new Date(today);
  limit.setUTCMonth(limit.getUTCMonth() - lawFacts.reviewMonths);
  const oldest = limit.toISOString().slice(0, 10);
  return legalPages().flatMap(({ kind }) => {
    const latest = approvals[kind]?.at(-1);
    const updated = latest && lastUpdated(latest);
    if (!updated || updated >= oldest) return [];
    return [
      `${kind}: last updated ${updated}, more than ${lawFacts.reviewMonths} months ago  (review it with counsel, then record the review, or approve the change: npm run legal:approve -- ${kind} --by "<name>" --note "<what changed, for readers>" [--reviewed])`,
    ];
  });
}

/**
 * The legal record: still the template's (its versions and approvers are not the owner's), or a page whose words are
 * not approved, which a production build refuses.
 */
export async function legalProblems(): Promise<string[]> {
  const problems = isTemplateRecord()
    ? [
        `the legal record is the template's (${templateRecord})  (start your own before launch: npm run legal:new-record)`,
      ]
    : [];
  const [approvals, shared] = [readApprovals(), legalShared()];
  const approveHint = (key: string) =>
    `npm run legal:approve -- ${approveArgs(key)} --by "<your name>" --note "<what changed, for readers>"`;
  for (const { kind } of shared.sources) {
    const now = await legalText(kind, undefined, shared);
    if (isDraft(now, frozenCopies(kind, approvals[kind] ?? []).at(-1)))
      problems.push(`${kind}: its words are not approved  (${approveHint(kind)})`);
  }
  // Each translation: its words approved, and translating the English version approved now.
  const settings = readTranslationSettings();
  for (const locale of locales.filter((each) => each !== 'en')) {
    const sources = translationSources(locale);
    const words = legalShared(sources, locale);
    for (const { kind, file } of sources) {
      const key = recordKey(kind, locale);
      const latest = frozenCopies(key, approvals[key] ?? []).at(-1);
      if (isDraft(await legalText(kind, undefined, words), latest)) {
        problems.push(`${key} (${file}): its words are not approved  (${approveHint(key)})`);
        continue;
      }
      const english = (approvals[kind] ?? []).at(-1);
      const state = {
        kind,
        locale,
        file,
        translates: latest?.approval.translates,
        englishLatest: english && versionId(kind, english.version),
      };
      if (isStale(state))
        problems.push(
          `${key} (${file}): translates ${state.translates}, but the English page's approved version is now ${state.englishLatest}${publishesStale(settings, state) ? `; published with a notice (publishStale in ${translationsFile})` : ''}  (translate the change, then ${approveHint(key)})`,
        );
    }
  }
  return problems;
}

/** The addresses App Store Connect and Play Console ask for, on this site. */
export function storeUrls(config: SiteConfig): string[] {
  const privacy = legalPages().find(({ kind }) => kind === 'privacy')!;
  const url = (path: string) => new URL(path, config.siteUrl).href;
  return [
    `Support URL: ${url(routes.support)}`,
    `Privacy Policy URL: ${url(privacy.path)}`,
    `Marketing URL: ${url(routes.home)}`,
  ];
}

export const confirmationsFile = 'src/content/legal/owner-confirmations.yaml';
const confirmationsSchema = z.array(
  z.strictObject({
    id: z.string(),
    confirm: z.string(),
    confirmed: z.union([z.literal(false), z.strictObject({ by: z.string().trim().min(1), date: z.iso.date() })]),
  }),
);

/**
 * What the pages state that no code can check (the lawyer's confirmations: provider settings, app behaviour): one
 * line per item of owner-confirmations.yaml not yet confirmed by someone on a date.
 */
export function unconfirmed(text = readFileSync(confirmationsFile, 'utf8')): string[] {
  const result = confirmationsSchema.safeParse(parseYaml(text));
  if (!result.success) return [`${confirmationsFile} is invalid:\n${z.prettifyError(result.error)}`];
  return result.data
    .filter(({ confirmed }) => !confirmed)
    .map(({ id, confirm }) => `${id}, to confirm: ${confirm}  (then record who and when in ${confirmationsFile})`);
}

const usage = 'usage: npm run check:release';
const help = `${usage}

Lists what still stands between this project and a launch, each with how to fix it: config values at the template's
example, the template's assets and words, legal pages not approved, failing the legal check or due for their yearly
review, the template's legal record, translations not approved or stale, and the owner confirmations not yet
recorded. Prints the Support, Privacy Policy and Marketing URLs the app stores ask for. Exits 1 while anything is
left, 0 once nothing is.
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
    console.log(
      `For the store listings:\n${storeUrls(loadConfig())
        .map((line) => `  ${line}`)
        .join('\n')}\n`,
    );
    const problems = [
      ...releaseProblems(),
      ...templateAssetProblems('.', undefined, loadConfig().languages),
      ...stalePages(new Date()),
      ...(await legalProblems()),
      ...unconfirmed(),
    ];
    if (problems.length === 0) {
      console.log("Release check passed: no config value, asset or legal page is still the template's.");
    } else {
      console.error(`Release check failed: ${problems.length} thing(s) to do before launch:`);
      for (const problem of problems) console.error(`  - ${problem}`);
      process.exitCode = 1;
    }
  } catch (error) {
    // Ours name the file or field and the fix: the message is the whole story. Anything else is a bug: rethrown.
    const ours =
      error instanceof ConfigError || ['LegalTextError', 'DataPracticesError'].includes((error as Error).name);
    if (!ours) throw error;
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
