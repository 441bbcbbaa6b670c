/**
 * What a switched-off feature took with it stays gone from what a visitor reads. Each feature names what it brings in
 * each language's words (`featureWords` in src/content/i18n/<locale>/words.yaml), and data-practices.yaml names its
 * kinds of data and recipients (`feature:`). While it is off, a built page that still says one of those names stops
 * the build. The error names the feature, the pages and the source lines that hold the words. A block marked by hand
 * (src/lib/features.ts) can miss a sentence; this check reads every page as built, wherever its words came from. It
 * reads no page of the legal record's archive (/legal/). It also skips a legal page whose version in effect is older
 * than its newest words: those are the words users agreed to, until the new version takes effect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { decodeHTML } from 'entities';
import { i18nDir, type SiteConfig } from '../config/index.ts';
import { dataPracticesPath, readDataForms, parseDataPractices, unpublishedLegalPages } from 'legal-record';
import { featureNames, withFeatures, type Feature, type Features } from './features.ts';
import { wordsAsWritten } from './words/words.node.ts';

/** The attribute of a legal page's notice that says the page shows an earlier version than its newest words. */
const earlierWords = 'data-earlier-words';

export interface FeatureWord {
  feature: Feature;
  word: string;
}

const allOn = Object.fromEntries(featureNames.map((name) => [name, true])) as Features;

/** The names data-practices.yaml gives what a feature brings: its kinds of data and its recipients, in each language. */
function dataNames(config: SiteConfig, off: Feature[]): FeatureWord[] {
  const practices = parseDataPractices(
    withFeatures(readFileSync(dataPracticesPath, 'utf8'), allOn, dataPracticesPath),
    dataPracticesPath,
  );
  const forms = config.languages.map((locale) => readDataForms(locale, allOn));
  const named = (part: 'data' | 'recipients', id: string, label: string, feature?: Feature) =>
    feature && off.includes(feature)
      ? [label, ...forms.map((form) => form[part]?.[id]?.label ?? '')].map((word) => ({ feature, word }))
      : [];
  return [
    ...practices.data.flatMap(({ id, label, feature }) => named('data', id, label, feature)),
    ...Object.entries(practices.recipients).flatMap(([id, { label, feature }]) =>
      named('recipients', id, label, feature),
    ),
  ];
}

/** The words of each feature `config` switches off, in every language it publishes. */
export function offFeatureWords(config: SiteConfig): FeatureWord[] {
  const off = featureNames.filter((name) => !config.features[name]);
  if (!off.length) return [];
  const listed = config.languages.flatMap((locale) => {
    const { featureWords } = wordsAsWritten(locale);
    return off.flatMap((feature) => featureWords[feature].map((word) => ({ feature, word })));
  });
  const seen = new Set<string>();
  return [...listed, ...dataNames(config, off)].filter(({ feature, word }) => {
    const key = `${feature} ${word.toLowerCase()}`;
    return word.trim() !== '' && !seen.has(key) && Boolean(seen.add(key));
  });
}

/** `word` as a whole word or phrase, in any case, whatever spaces or line breaks stand between its words. */
const wordPattern = (word: string, flags = 'iu') =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${word
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`,
    flags,
  );

/**
 * What a visitor reads on a page, as text: the words between its tags, its images' alternatives and labels, its meta
 * descriptions and its structured data (a search engine's or a link preview's words are the page's too).
 */
export function readableText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:alt|aria-label|title|content|placeholder)="([^"]*)"/gi)].map(
    ([, value]) => value,
  );
  const structured = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^]*?)<\/script>/gi)].map(
    ([, json]) => json,
  );
  const body = html.replace(/<(script|style)\b[^]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
  return decodeHTML([body, ...attributes, ...structured].join('\n')).replace(/\s+/g, ' ');
}

/** The lines of the files that say `word`, as read with the features (a comment's line is no word). */
function sourcesOf(word: string, files: { file: string; text: string }[]): string[] {
  const pattern = wordPattern(word, 'giu');
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(pattern)].flatMap(({ index }) => {
      const lines = text.slice(0, index).split('\n');
      return /^\s*(#|\*|\/\/|\/\*)/.test(lines.at(-1)!) ? [] : [`${file}, line ${lines.length}`];
    }),
  );
}

/**
 * Every file whose words a page may show, as read with `features`, line for line: the config, the legal Markdown of
 * the pages published and its data, every language's words, answers and translations.
 */
function wordFiles(features: Features): { file: string; text: string }[] {
  const unpublished = new Set(unpublishedLegalPages(features).map(({ kind }) => kind));
  const under = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(md|yaml)$/.test(name) && !/^(versions\/|approvals\.yaml$)/.test(name))
      .filter((name) => !(name.endsWith('.md') && unpublished.has(basename(name, '.md'))))
      .map((name) => join(dir, name));
  return ['site.config.ts', ...under('src/content/legal'), ...under(i18nDir)].map((file) => {
    // The feature words' own list says them all: not a source.
    const text = readFileSync(file, 'utf8').replace(/^featureWords:\n(?:(?: .*)?\n)*/m, (list) =>
      list.replace(/[^\n]/g, ''),
    );
    // A file its own reader reads otherwise (a comment naming a block's marker) is searched as written.
    try {
      return { file, text: withFeatures(text, features, file, { values: false, lines: true }) };
    } catch {
      return { file, text };
    }
  });
}

/**
 * One line for each word of a switched-off feature that `pages` (each built page's HTML by its address) still say:
 * the feature, the word, the pages that say it and the source lines that hold it.
 */
export function offFeatureWordsIn(pages: Map<string, string>, config: SiteConfig): string[] {
  const words = offFeatureWords(config);
  if (!words.length) return [];
  const read = [...pages]
    .filter(([address, html]) => !/^(\/[\w-]+)?\/legal\//.test(address) && !html.includes(earlierWords))
    .map(([address, html]) => ({ address, text: readableText(html) }));
  let files: ReturnType<typeof wordFiles> | undefined;
  return words.flatMap(({ feature, word }) => {
    const pattern = wordPattern(word);
    const saying = read.filter(({ text }) => pattern.test(text)).map(({ address }) => address);
    if (!saying.length) return [];
    const sources = sourcesOf(word, (files ??= wordFiles(config.features)));
    return [
      `features.${feature} is false, but ${saying.join(', ')} ${saying.length > 1 ? 'say' : 'says'} "${word}", a word of that feature` +
        ` (from ${sources.length ? sources.join('; ') : 'no file word for word: a name filled in, or a token'})`,
    ];
  });
}
