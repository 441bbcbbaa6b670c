/**
 * The form of the site's words (src/content/words/<locale>.yaml) and of the support page's questions
 * (src/content/support/<locale>/*.md): every key a page needs, each a non-empty text, and no key it does not know, so
 * a misspelt key is named instead of silently missing. Components take these words as props; none types a sentence.
 */
import { z } from 'zod';

const text = z.string('a text').trim().min(1, 'a non-empty text');
const texts = <Key extends string>(keys: readonly Key[]) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<Key, typeof text>);
/**
 * A sentence that links `{{token}}`'s value where it stands (the contact lines link the email address), or where a
 * page puts its own part (a date, a link: src/components/Say.astro).
 */
const quoting = (token: string) =>
  text.refine((value) => value.includes(`{{${token}}}`), `a text that quotes {{${token}}} where its link goes`);

export const wordsSchema = z.strictObject({
  interface: texts([
    'skipLink',
    'backToHome',
    'support',
    'appStoreButton',
    'googlePlayButton',
    'storesAppStore',
    'storesBoth',
    'platformsIos',
    'platformsBoth',
    'qrCaption',
    'qrLabel',
    'socialLink',
    'playVideo',
    'pauseVideo',
    'playScene',
    'pauseScene',
    'siteNav',
    'legalNav',
    'languageNav',
    'inEnglish',
  ]),
  landing: z.strictObject({
    /** Under the wordmark; the English words quote the config's `tagline`. */
    tagline: text,
    description: text,
    heroLabel: text,
    contactLine: quoting('contactEmail'),
    howItWorks: z.strictObject({
      title: text,
      steps: z.array(texts(['title', 'text'])).min(1, 'a list of at least one step'),
    }),
    scene: texts(['title', 'alt']),
  }),
  invite: texts([
    'title',
    'description',
    'heading',
    'incompleteHeading',
    'codeLabel',
    'howToJoin',
    'incomplete',
    'openInApp',
    'notInstalled',
    'qrLabel',
    'copyButton',
    'copyHint',
    'copied',
    'copyManually',
  ]),
  notFound: texts(['title', 'description', 'heading', 'text']),
  support: z.strictObject({
    ...texts(['title', 'description', 'heading', 'intro', 'questions', 'readMore', 'contactTitle', 'legalTitle']).shape,
    contact: quoting('contactEmail'),
  }),
  /** The legal pages' own words around their approved text: its layout, notices and history (not the legal words). */
  legal: z.strictObject({
    ...texts([
      'draft',
      'history',
      'quickActions',
      'stopTexts',
      'deleteAccount',
      'getCopy',
      'reportSomeone',
      'summary',
      'contents',
      'noticeLabel',
      'siteNav',
      'legalNav',
      'draftTitle',
      'readNewVersion',
      'englishOnly',
      'historyVersion',
      'historyApproved',
      'historyInEffect',
      'historyNote',
      'historyChanged',
      'historyReviewed',
      'historyTranslates',
    ]).shape,
    firstEffective: quoting('date'),
    versionEffective: quoting('date'),
    lastReviewed: quoting('date'),
    version: quoting('version'),
    draftNotice: quoting('strong'),
    upcomingTitle: quoting('date'),
    upcomingNotice: quoting('link'),
    replacedNotice: quoting('link'),
    laterNotice: quoting('link'),
    currentPage: quoting('title'),
    translationOf: quoting('link'),
    englishVersion: quoting('date'),
    staleNotice: quoting('link'),
    historyTitle: quoting('title'),
    historyDescription: quoting('title'),
    historyCurrent: quoting('title'),
    historyIntro: quoting('link'),
    historyBefore: quoting('email'),
    /** A translation's history: when it was first published, the earlier versions being in English only. */
    historyTranslationFirst: quoting('date'),
    historyBy: quoting('name'),
    historyNoNotice: quoting('note'),
  }),
});
export type Words = z.infer<typeof wordsSchema>;

/** A support question's front matter: the legal sections its answer summarises, each linked under it. */
export const questionFrontMatter = z.strictObject({
  question: text,
  /** Its place on the page, smallest first. */
  order: z.number('a number').int('a whole number'),
  sources: z
    .array(
      z.strictObject({ page: text, section: text }),
      'a list of { page, section } (a legal page and its section id)',
    )
    .default([]),
});

/** A question as the support page shows it: the answer rendered, each source a link with its section's heading. */
export const questionSchema = questionFrontMatter.omit({ sources: true }).extend({
  id: z.string(),
  html: z.string(),
  /** `lang` and `note` where the source exists only in another language (English): the link says so. */
  sources: z.array(
    z.object({ href: z.string(), label: z.string(), lang: z.string().optional(), note: z.string().optional() }),
  ),
});
export type Question = z.infer<typeof questionSchema>;
