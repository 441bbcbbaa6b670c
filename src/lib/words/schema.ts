/**
 * The form of the site's words (src/content/i18n/<locale>/words.yaml) and of the support page's questions
 * (src/content/i18n/<locale>/support/*.md): every key a page needs, each a non-empty text, and no key it does not know, so
 * a misspelt key is named instead of silently missing. Components take these words as props; none types a sentence.
 */
import { directions } from '../direction.ts';
import { featureNames } from '../features.ts';
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

/**
 * A language's own facts: its name in itself (the switcher), its BCP-47 tag (dates, lists, and which way its text
 * runs), its Open Graph locale.
 */
export const languageSchema = z.strictObject({
  name: text,
  tag: text.refine((tag) => Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0, 'a BCP-47 tag, like en-US or es'),
  /**
   * Which way its text runs, `rtl` or `ltr`, where the tag alone would say otherwise: left out, it follows the tag's
   * script (ar, fa, he: right to left; src/lib/direction.ts). The pages set it on `<html dir>`.
   */
  dir: z.enum(directions, 'rtl or ltr (or no dir: the tag decides)').optional(),
  ogLocale: z.string().regex(/^[a-z]{2,3}_[A-Z]{2}$/, 'an Open Graph locale, like en_US'),
  /** How many words it takes to say what English says in one: a translated legal page's word limit scales by it. */
  wordsPerEnglishWord: z
    .number('a number from 1 to 2')
    .min(1, 'a number from 1 to 2')
    .max(2, 'a number from 1 to 2')
    .default(1),
});
export type Language = z.infer<typeof languageSchema>;

export const wordsSchema = z.strictObject({
  language: languageSchema,
  /**
   * The words that name what each feature brings, as this language says them: while a feature is off, a built page
   * that says one stops the build (src/lib/featureWords.node.ts).
   */
  featureWords: z.strictObject(
    Object.fromEntries(featureNames.map((name) => [name, z.array(text, 'a list of texts').default([])])) as Record<
      (typeof featureNames)[number],
      z.ZodDefault<z.ZodArray<typeof text>>
    >,
  ),
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
      'readNewEnglish',
      'englishOnly',
      'historyVersion',
      'historyApproved',
      'historyInEffect',
      'historyNote',
      'historyChanged',
      'historyFrontMatter',
      'historyLead',
      'historySignificance',
      'historySignificant',
      'historyNotSignificant',
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
    /** On a translation: an English change approved for later that it does not translate yet. */
    translationUpcoming: quoting('link'),
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
    /** Beside a day's second or later version (2026-11-25-2), which the heading's date alone cannot tell apart. */
    historySameDay: quoting('n'),
  }),
});
export type Words = z.infer<typeof wordsSchema>;

/**
 * A support question's front matter: the legal sections its answer summarises, each linked under it. A translation's
 * has its question only: its place and its sources are the English question's.
 */
export const translatedQuestionFrontMatter = z.strictObject({ question: text });
export const questionFrontMatter = z.strictObject({
  question: text,
  /** Its place on the page, smallest first. */
  order: z.number('a number').int('a whole number'),
  /** The feature it is about (src/config/features.ts): left out, in every language, while the app lacks it. */
  feature: z.enum(featureNames, `one of ${featureNames.join(', ')}`).optional(),
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
    z.object({
      href: z.string(),
      label: z.string(),
      lang: z.string().optional(),
      note: z.string().optional(),
      /** Where the source is written (the English question's file, its field, page and section), for the build's errors. */
      from: z.object({ file: z.string(), field: z.string(), page: z.string(), section: z.string() }),
    }),
  ),
});
export type Question = z.infer<typeof questionSchema>;
