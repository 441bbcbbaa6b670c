#!/usr/bin/env node
/**
 * `npm run legal:new-record` (docs/legal-pages.md, "Your own record"): starts the owner's own legal record before
 * launch. The shipped record (src/content/legal/approvals.yaml and versions/) holds the template's versions and
 * approvers, an example no user agreed to: this removes it, so the owner's first approval of each page becomes its
 * first published version. It runs only on the template's record: an owner's record is what users agreed to, kept
 * for years, so on one (or on any version approved without --template) it refuses, names what it would remove, and
 * changes nothing. Then it prints the approval of every page and translation the build publishes, as the build reads
 * them (legalSources, translationSources), so none the build will ask for is missing.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  approvalsFile,
  isTemplateRecord,
  readApprovals,
  templateRecord,
  versionsDir,
} from '../record/approvals.node.ts';
import { legalSources, translationSources, unpublishedLegalPages, type LegalSource } from '../addresses/pages.node.ts';
import { approveArgs, recordKey, versionId } from '../addresses/pages.ts';
import { type SiteConfig, type Feature, defaultLocale, type Locale } from '../host.ts';
import { availableLocales, configOrExit, legalTranslationDir } from '../host.node.ts';

/** What a first approval publishes, read as the build reads it, and what the config keeps unpublished. */
export interface Published {
  /** The English pages published (legalSources). */
  pages: LegalSource[];
  /** The translations of them published: of each language of `languages` but English (translationSources). */
  translations: LegalSource[];
  /** The pages of a feature switched off. */
  unpublished: { kind: string; feature: Feature }[];
  /** The languages with translated legal pages that `languages` leaves out. */
  languagesOff: Locale[];
}

/** The pages and translations that the build publishes for `config`'s features and languages. */
export function published(config: Pick<SiteConfig, 'features' | 'languages'>): Published {
  const translated = (locale: Locale) => translationSources(locale, config.features);
  return {
    pages: legalSources(config.features),
    translations: config.languages.filter((locale) => locale !== defaultLocale).flatMap(translated),
    unpublished: unpublishedLegalPages(config.features),
    languagesOff: availableLocales().filter(
      (locale) => !config.languages.includes(locale) && translated(locale).length,
    ),
  };
}

const approveLine = (source: LegalSource) =>
  `    npm run legal:approve -- ${approveArgs(recordKey(source.kind, source.locale))} --by "<your name>" --note "<for readers>"`;

/**
 * The first approvals to make, one per page and translation published, as lines to print: each English page with its
 * first effective date, then each translation (approved once its English page is: it translates that version), then
 * what the config keeps unpublished, with nothing to approve.
 */
export function firstApprovals({ pages, translations, unpublished, languagesOff }: Published): string[] {
  return [
    ...pages.flatMap((source) => [
      `  ${source.file}: first effective ${source.data.effective}; if your product's page took effect on another day, write`,
      `    it as \`effective\` (never after your first approval), then`,
      approveLine(source),
    ]),
    // A page of a feature switched off in site.config.ts is not published: nothing to approve (docs/legal-pages.md#features).
    ...unpublished.map(
      ({ kind, feature }) =>
        `  src/content/legal/${kind}.md: not published while features.${feature} is false; nothing to approve`,
    ),
    ...(translations.length
      ? [`Then each translation, once its English page is approved (it takes effect with the version it translates):`]
      : []),
    ...translations.flatMap((source) => [
      `  ${source.file} (${recordKey(source.kind, source.locale)}):`,
      approveLine(source),
    ]),
    ...languagesOff.map(
      (locale) =>
        `  ${legalTranslationDir(locale)}/: not published while languages in site.config.ts lacks '${locale}'; nothing to approve`,
    ),
  ];
}

const usage = 'usage: npm run legal:new-record';
const help = `${usage}

Starts your own legal record before launch (docs/legal-pages.md#your-own-record): removes the template's record
(src/content/legal/approvals.yaml and versions/), so your first approval of each page is its first published version,
and prints the approval of each page and translation the site publishes. It runs only on the template's record: on
yours it refuses, names each version it would remove, and changes nothing.
  --help  print this and exit`;

if (import.meta.main) {
  let values;
  try {
    ({ values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(1);
  }
  if (values.help) {
    console.log(help);
    process.exit(0);
  }

  const config = configOrExit();
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
  for (const line of firstApprovals(published(config))) console.log(line);
  console.log('A production build stops until every page and translation is approved; commit the new record.');
}
