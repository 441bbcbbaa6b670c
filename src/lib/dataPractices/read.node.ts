/** The one reader of the data-practices file: the legal pages, their check and the store labels all call it. */
import { readFileSync } from 'node:fs';
import { siteConfig } from '../../config/index.ts';
import { onPlatforms, parseDataPractices, type DataPractices } from './practices.ts';

export const dataPracticesPath = 'src/content/legal/data-practices.yaml';

/**
 * The file, validated, with the kinds of data of the platforms the app is on (an Android-only kind only when the
 * config has an Android app); read on every call (it is small), so `astro dev` and a test's edit are seen at once.
 */
export const readDataPractices = (): DataPractices =>
  onPlatforms(parseDataPractices(readFileSync(dataPracticesPath, 'utf8'), dataPracticesPath), {
    android: Boolean(siteConfig().androidPackage),
  });
