#!/usr/bin/env node
/**
 * Writes the App Store and Google Play privacy labels from the data-practices file, the source the privacy policy's
 * tables are rendered from (docs/store-labels.md): store-labels/app-privacy-details.json, which fastlane uploads, and
 * store-labels/data-safety.md, the answers to enter in Play Console, and store-labels/data-safety.csv, the same answers
 * in the CSV Play Console imports, once every page that shows the data passes the build's legal check (none is written
 * otherwise). `--out <dir>` writes them elsewhere. While `siteUrl` is its example value, it warns
 * (and store-labels/data-safety.md says so at its top): the labels quote the site's addresses.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataSafetyCsv } from '../labels/playCsv.ts';
import { DataPracticesError, type DataPractices } from '../practices/practices.ts';
import { dataPracticesPath, readDataPractices } from '../practices/read.node.ts';
import { appPrivacyDetails, dataSafetyAnswers, dataSafetyMarkdown } from '../labels/storeLabels.ts';
import { checkClock, readApprovals, today } from '../record/approvals.node.ts';
import { configInEffect, pendingReport, pendingSwitches } from '../record/featuresInEffect.node.ts';
import { LegalTextError } from '../addresses/pages.node.ts';
import { checkPracticePages } from '../render/text.node.ts';
import { fill, legalTokens } from '../render/tokens.node.ts';
import { configOrExit, fieldsAtExampleValues, whereSet } from '../host.node.ts';

// The site's folder: npm runs its scripts there.
const root = process.cwd();
const usage = 'usage: npm run store-labels -- [--out <folder>]';
let values;
try {
  ({ values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (values.help) {
  console.log(`${usage}

Writes the App Store and Google Play privacy labels from src/content/legal/data-practices.yaml (docs/store-labels.md):
app-privacy-details.json (for fastlane), data-safety.md (the answers to enter in Play Console) and data-safety.csv
(the same answers, in the CSV Play Console imports).
  --out <folder>  write them into <folder> (default: store-labels/)
  --help          print this and exit`);
  process.exit(0);
}
const outDir = resolve(values.out ?? join(root, 'store-labels'));
// The data and wording files are read relative to the project.

const siteConfig = configOrExit();
// The labels follow the features in effect today: on a clock behind the record, today is wrong.
try {
  checkClock(readApprovals(), today(), 'run npm run store-labels again');
} catch (error) {
  if (!(error instanceof LegalTextError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// The labels say what the privacy policy in effect says: a feature switched for a later version waits for it.
const pending = pendingSwitches(siteConfig.features);
let config: typeof siteConfig;
try {
  config = configInEffect(siteConfig);
} catch (error) {
  // It names the field and the day: the message is the whole story.
  console.error((error as Error).message);
  process.exit(1);
}
// The privacy policy (and each page that shows the data) must pass the build's legal check first: a label filed
// from data the build refuses would say what no published policy says.
try {
  await checkPracticePages(siteConfig);
} catch (error) {
  // The build's own message names the file, the entry or the sentence: the message is the whole story.
  if (!(error instanceof LegalTextError || error instanceof DataPracticesError)) throw error;
  console.error(
    `${error.message}\nNo store label written: fix this first, as the build would ask, then run npm run store-labels again.`,
  );
  process.exit(1);
}
const tokens = legalTokens(config);
/** Fills the config's {{tokens}} in every text of the parsed file ('{{aiProvider}}' and the like). */
function filled(value: unknown): unknown {
  if (typeof value === 'string') return fill(value, tokens);
  if (Array.isArray(value)) return value.map(filled);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v)]));
  return value;
}

/** A path as the project names it; one outside the project (a test's temporary folder) stays absolute. */
const shown = (path: string) => {
  const inside = relative(root, path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
};

let practices: DataPractices;
let json: string;
try {
  practices = filled(readDataPractices(config)) as DataPractices;
  json = `${JSON.stringify(appPrivacyDetails(practices), null, 2)}\n`;
} catch (error) {
  // These name the entry, the field and the expected value: the message is the whole story.
  if (!(error instanceof DataPracticesError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const privacyUrl = `${config.siteUrl}${tokens.privacyUrl}`;
const deletionUrl = `${config.siteUrl}${tokens.deleteAccountUrl}`;
const urls = { privacyUrl, deletionUrl, dataDeletionUrl: `${deletionUrl}#some-data` };
// The labels quote the site's addresses: filed with the example domain, they would point reviewers nowhere.
const placeholder = fieldsAtExampleValues(config).some(({ field }) => field === 'siteUrl')
  ? `siteUrl is still its example value (${config.siteUrl}): set it in ${whereSet('siteUrl')}, then run npm run store-labels again before you file these labels.`
  : '';
const notReady = placeholder ? `> **Not ready to file:** ${placeholder}\n\n` : '';
const markdown = notReady + dataSafetyMarkdown(practices, urls);
const details = appPrivacyDetails(practices).filter((detail) => detail.category);
const answers = dataSafetyAnswers(practices);

const files = [
  {
    path: join(outDir, 'app-privacy-details.json'),
    text: json,
    what: `App Store: ${details.length} data types, ${details.filter((d) => d.data_protections.includes('DATA_USED_TO_TRACK_YOU')).length} used to track`,
  },
  {
    path: join(outDir, 'data-safety.md'),
    text: markdown,
    what: `Google Play: ${answers.length} data types, ${answers.filter((a) => a.sharedWith.length > 0).length} shared`,
  },
  {
    path: join(outDir, 'data-safety.csv'),
    text: dataSafetyCsv(practices, urls),
    what: 'Google Play: the same answers, in the CSV Play Console imports',
  },
];

mkdirSync(outDir, { recursive: true });
const width = Math.max(...files.map((file) => shown(file.path).length));
for (const file of files) {
  writeFileSync(file.path, file.text);
  console.log(`wrote ${shown(file.path).padEnd(width)}  ${file.what}`);
}
console.log(`from  ${dataPracticesPath}; privacy policy ${privacyUrl}`);
if (placeholder) console.warn(`\nwarning: ${placeholder}`);
if (pending.length)
  console.log(
    `\nAs in effect today: ${pendingReport(pending).join('; ')}. Run npm run store-labels again that day, and file the labels then.`,
  );
