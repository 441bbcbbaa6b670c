/** The Node-only part of what the legal record takes from its site (host.ts): its config and its languages' folders. */
export { availableLocales, configOrExit, fieldsAtExampleValues, whereSet } from '../../../src/config/index.ts';
export { dataFormsFile, languageOf, legalTranslationDir, tagOf } from '../../../src/lib/languages.node.ts';
