/**
 * The reading limits of the legal pages: students read them on phones (docs/legal-pages.md, "What the build checks").
 * The legal check (check.node.ts) measures each page's summary and article as a reader gets them and stops a page over
 * a limit, so a too-long sentence stops `npm run build` at once.
 */
import { decodeHTML } from 'entities';
import { type SiteConfig } from '../host.ts';

/**
 * No sentence of any legal page longer than this many words, a name the config fills counting as one (`nameFields`).
 */
export const maxSentenceWords = 35;
/**
 * The most words a page's summary and article may have in English, for the pages listed (the privacy policy, once
 * 4,500). A translation must be whole, so its limit is the English one times its language's `wordsPerEnglishWord`
 * (its words.yaml: Spanish says the same thing in 15 to 25 % more words) rather than having content cut.
 */
export const maxWords: Partial<Record<string, number>> = { privacy: 2500 };

/**
 * The config's names, addresses and numbers that the pages quote (`{{productName}}`, `{{legalEntity}}`, ...): a reader
 * takes each as one unit, so each counts as one word, however many it has ("Forkful Labs Public Benefit Corporation",
 * "100 Main Street, Springfield, IL 62701"), and an owner's longer name never pushes a sentence over the limit that
 * the template's shorter one kept within. A phrase the config fills (`disputeVenue`, the tagline) is words a reader
 * reads, counted as such. (`euRepresentative` is left out: its token is a sentence of wording.yaml while it is empty.)
 */
export const nameFields = [
  'productName',
  'legalEntity',
  'legalAddress',
  'aiProvider',
  'placesProvider',
  'governingState',
  'copyrightAgentName',
  'copyrightAgentAddress',
  'copyrightAgentPhone',
] as const satisfies (keyof SiteConfig)[];

/**
 * The names to count as one word: the values of `nameFields` of more than one word, in the config or in the tokens
 * filled from it (tokens.node.ts, by the same names), the longest first (a name inside a longer one counts once).
 */
export const filledNames = (values: Partial<Record<(typeof nameFields)[number], unknown>>): string[] =>
  [...new Set(nameFields.map((field) => String(values[field] ?? '').trim()))]
    .filter((name) => /\s/.test(name))
    .sort((a, b) => b.length - a.length);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new Map<string, RegExp>();

/**
 * A name as a reader gets it: as a whole word, any run of spaces between its words, and its quotes, dashes and
 * ellipses as written or as smart punctuation prints them ("Joe's" as "Joe’s", "--" as "–").
 */
const namePattern = (name: string) => {
  const known = patterns.get(name);
  if (known) return known;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escaped(name)
      .replace(/\s+/g, '\\s+')
      .replace(/'/g, "['‘’]")
      .replace(/"/g, '["“”]')
      .replace(/-{2,3}/g, '(?:-{2,3}|[–—])')
      .replace(/(?:\\\.){3}/g, '(?:\\.{3}|…)')}(?![\\p{L}\\p{N}])`,
    'gu',
  );
  patterns.set(name, pattern);
  return pattern;
};

/** Words: runs of text with a letter or a digit in them, each of `names` counting as one. */
const wordCount = (text: string, names: readonly string[]) =>
  names
    .reduce((rest, name) => rest.replace(namePattern(name), 'N'), text)
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * Abbreviations whose full stop ends no sentence, though a capital or a bracket may follow: a company's form
 * ("Tablemates, Inc. ("Tablemates")"), Latin and Spanish short forms ("e.g.", "EE. UU.", "p. ej."), titles and the
 * law's citations ("Cal. Civ. Code", "Art. 9"), and a single capital's initial ("U.S.", "J. Doe"). One of them that
 * does end a sentence ("... Tablemates, Inc. We ...") joins it to the next: the count errs long, never short.
 */
export const notSentenceEnds = [
  // companies
  'Inc',
  'Ltd',
  'Corp',
  'Co',
  'LLC',
  'L.L.C',
  'PLC',
  'S.A',
  'S.L',
  // Latin and English short forms, titles
  'e.g',
  'i.e',
  'cf',
  'vs',
  'approx',
  'Mr',
  'Mrs',
  'Ms',
  'Dr',
  'Jr',
  'Sr',
  'St',
  'No',
  // Spanish
  'EE',
  'UU',
  'EE. UU',
  'p. ej',
  'Sra',
  'Dra',
  'Ud',
  'Uds',
  'núm',
  'pág',
  // the law's citations
  'Art',
  'Arts',
  'Sec',
  'Cal',
  'Civ',
  'Bus',
  'Prof',
  'Gov',
  'Stat',
  'Rev',
];
/** A full stop that ends one of `notSentenceEnds`, or a single capital (an initial), as a whole word. */
const abbreviation = `(?<![\\p{L}\\p{N}.])(?:${[...notSentenceEnds]
  .sort((a, b) => b.length - a.length)
  .map(escaped)
  .join('|')}|\\p{Lu})\\.`;
const sentenceEnd = new RegExp(`(?<=[.!?][”"’)]?)(?<!${abbreviation})\\s+(?=[\\p{Lu}“"‘(¿¡])`, 'u');

/**
 * The text of an article's HTML, one line per block a reader sees (a paragraph, a list item, a table cell, a heading),
 * split into sentences: a sentence ends at . ! or ? before a capital (of any language), a quotation mark, a bracket or
 * Spanish's opening ¿ and ¡, unless the full stop is an abbreviation's (`notSentenceEnds`), and at every block's end.
 * Each of `names` (the config's, `filledNames`) counts as one word, in a sentence and in the whole.
 */
export function reading(
  html: string,
  names: readonly string[] = [],
): { words: number; sentences: { text: string; words: number }[] } {
  const lines = decodeHTML(
    html
      .replace(/\s+/g, ' ')
      .replace(/<\/t[dh]>|<br\s*\/?>|<\/(p|li|tr|h\d|dt|dd|figcaption|blockquote|div|section)>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  ).split('\n');
  const sentences = lines
    .flatMap((line) => line.split(sentenceEnd))
    .map((text) => ({ text: text.trim(), words: wordCount(text, names) }));
  return { words: wordCount(lines.join(' '), names), sentences };
}

/**
 * The line of `source` (a file's text, tokens unfilled) that `sentence` (as a reader gets it, tokens filled and
 * punctuation smartened) starts on, or near it: the first run of three of its words that the file has as written.
 */
export function lineOf(source: string, sentence: string): number | undefined {
  const words = sentence.split(/\s+/).filter(Boolean);
  for (let at = 0; at + 3 <= Math.max(words.length, 3); at++) {
    const run = words.slice(at, at + 3).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const found = source.search(new RegExp(run.join('\\s+')));
    if (found >= 0) return source.slice(0, found).split('\n').length;
  }
  return undefined;
}

/**
 * Each sentence of `html` over `maxSentenceWords` (each of `names` counting as one word), with the line of `source` it
 * is on when found.
 */
export const longSentences = (html: string, source: string, names: readonly string[] = []) =>
  reading(html, names)
    .sentences.filter((sentence) => sentence.words > maxSentenceWords)
    .map((sentence) => ({ ...sentence, line: lineOf(source, sentence.text) }));
