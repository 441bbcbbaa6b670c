/** The one reader of the data-practices file: the legal pages, their check and the store labels all call it. */
import { existsSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { DataForms } from './localize.ts';
import { forApp, parseDataPractices, type DataPractices } from './practices.ts';
import { readText } from '../files.node.ts';
import { type SiteConfig, withFeatures, type Features, type Locale } from '../host.ts';
import { dataFormsFile } from '../host.node.ts';

export const dataPracticesPath = 'src/content/legal/data-practices.yaml';

/**
 * The file, validated, as this app's (`forApp`: the kinds of data of its platforms and its features, and its words
 * with the features' blocks resolved, src/lib/features.ts); read on every call (it is small), so `astro dev` and a
 * test's edit are seen at once.
 */
export const readDataPractices = (config: Pick<SiteConfig, 'androidPackage' | 'features'>): DataPractices =>
  forApp(
    parseDataPractices(
      withFeatures(readText(dataPracticesPath), config.features, dataPracticesPath, { values: false }),
      dataPracticesPath,
    ),
    { android: Boolean(config.androidPackage), features: config.features },
  );

/** A language's forms of the file's words (localize.ts); none yet is an empty file, which names every form missing. */
export const readDataForms = (locale: Locale, features: Features): DataForms => {
  const file = dataFormsFile(locale);
  return existsSync(file)
    ? ((parseYaml(withFeatures(readText(file), features, file, { values: false })) ?? {}) as DataForms)
    : {};
};
