/** The one reader of the data-practices file: the legal pages, their check and the store labels all call it. */
import { readFileSync } from 'node:fs';
import { parseDataPractices, type DataPractices } from './practices.ts';

export const dataPracticesPath = 'src/content/legal/data-practices.yaml';

/** The file, validated; read on every call (it is small), so `astro dev` and a test's edit are seen at once. */
export const readDataPractices = (): DataPractices =>
  parseDataPractices(readFileSync(dataPracticesPath, 'utf8'), dataPracticesPath);
