/**
 * The legal record's one public entry: the integration, the content loader and what a site's own pages, checks and
 * tests read of the record. Everything here can be imported by Node alone (the commands, the site's scripts); what
 * needs Astro's content layer loads it when called.
 */
export { legal, type LegalOptions } from './src/integration.ts';
export { legalLoader } from './src/record/loader.node.ts';
export { legalPageList, linkInEffect, sectionMissing } from './src/record/collection.ts';
export {
  addDays,
  approvalsFile,
  checkClock,
  checkRecordPublished,
  effectiveOf,
  frozenCopies,
  isDraft,
  isTemplateRecord,
  lastUpdated,
  readApprovals,
  templateRecord,
  today,
  versionsDir,
} from './src/record/approvals.node.ts';
export type { Approval, Approvals } from './src/record/approvals.node.ts';
export { configInEffect } from './src/record/featuresInEffect.node.ts';
export { offSiteReport, versionsOffSite } from './src/record/languagesOff.node.ts';
export { formatLegalDate, type LegalPage } from './src/record/frontMatter.ts';
export { significantToFollow } from './src/record/significant.node.ts';
export { approveArgs, legalTitle, quickActions, recordKey } from './src/addresses/pages.ts';
export {
  LegalTextError,
  legalPage,
  legalSource,
  legalPages,
  legalSources,
  legalSourcesStamp,
  splitFrontMatter,
  translationFile,
  translationSources,
  unpublishedLegalPages,
  writtenLegalSources,
} from './src/addresses/pages.node.ts';
export { legalMoves, publishedLegalPages } from './src/addresses/formerPaths.node.ts';
export { movedPage, movedRule, type Move } from './src/addresses/movedRules.ts';
export { lawFacts, requiredIn } from './src/check/law.ts';
export { filledNames, longSentences, maxSentenceWords } from './src/check/readability.ts';
export { legalShared, legalText } from './src/render/text.node.ts';
export { markdownParts, renderLegalMarkdown } from './src/render/markdown.node.ts';
export { legalSections, legalSubSections } from './src/render/sections.ts';
export {
  escapeMarkdown,
  fill,
  legalTokens,
  nameTokens,
  siteHostOf,
  valueTokens,
  type LegalTokens,
} from './src/render/tokens.node.ts';
export {
  publishesStale,
  readTranslationSettings,
  translationState,
  translationsFile,
  translationsToFollow,
} from './src/translations/translations.node.ts';
export { dataPracticesPath, readDataForms } from './src/practices/read.node.ts';
export { forApp, parseDataPractices } from './src/practices/practices.ts';
export { practiceBlocks, type BlockWords } from './src/practices/policyBlocks.ts';
