/**
 * The site's words, read, validated and filled: each language's words.yaml for the pages and the interface, and the
 * support page's questions, one Markdown file each in its support/ folder (src/lib/languages.node.ts). Their {{tokens}} are the
 * legal pages' own (packages/legal/src/render/tokens.node.ts: the config's values, the law's figures, each page's address), so a
 * name, an address or a figure is typed once for the whole site. The content loaders (loader.node.ts) serve the result
 * to the pages; scripts and tests call these functions. Anything wrong names the file, the field and the form expected.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { pathName, valueAt, type SiteConfig } from '../../config/index.ts';
import { defaultLocale, localePath, type Locale } from '../i18n.ts';
import {
  renderLegalMarkdown,
  filledNames,
  longSentences,
  maxSentenceWords,
  legalPages,
  legalSource,
  splitFrontMatter,
  translationSources,
  unpublishedLegalPages,
  escapeMarkdown,
  fill,
  nameTokens,
  valueTokens,
  type LegalTokens,
  markdownParts,
} from 'legal-record';
import { rawHtmlIn, rawHtmlInTexts, rawHtmlLines } from '../rawHtml.ts';
import { escapeUTF8 } from 'entities';
import { routes } from '../routes.ts';
import { withFeatures, type Features } from '../features.ts';
import { localizedLegalPages } from './legalLinks.node.ts';
import { supportDir, wordsFile } from '../languages.node.ts';
import {
  questionFrontMatter,
  translatedQuestionFrontMatter,
  wordsSchema,
  type Question,
  type Words,
} from './schema.ts';
import { WordsError } from './errors.ts';

export { WordsError };

/**
 * Tokens a component fills per item, left in place here: {{network}}, each social network's name, and the legal
 * pages' own parts (a date, a title, a version, a day's version number, a note, a name, a link, an email link:
 * src/components/Say.astro).
 */
export const itemTokens = new Set([
  'network',
  'date',
  'until',
  'title',
  'version',
  'n',
  'note',
  'name',
  'link',
  'strong',
  'email',
]);

/** Parses `raw` with `schema`; a bad or missing field throws one line each: the file, the field, its value, the form. */
function validated<T>(schema: z.ZodType<T>, raw: unknown, file: string): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const at = issue.path.length ? `${pathName(issue.path)}.` : '';
      return `  - ${issue.keys.map((key) => at + key).join(', ')}: not a known key; expected only the keys ${file.includes('/support/') ? 'of a question' : 'that src/lib/words/schema.ts names'}`;
    }
    const value = valueAt(raw, issue.path);
    const shown = value === undefined ? 'missing' : `${JSON.stringify(value)}`;
    return `  - ${pathName(issue.path) || '(the file)'} is ${shown}; expected ${issue.message.replace(/^Invalid input: expected /, '')}`;
  });
  throw new WordsError(`${file} is invalid:\n${lines.join('\n')}`);
}

/**
 * Every token the words may quote: the legal pages' values, and what the stores and phones are (with Android or not).
 * The addresses are the `locale`'s: its home and support pages, and each legal page where it has a translation.
 */
export function wordsTokens(
  config: SiteConfig,
  words: Pick<Words, 'interface'>,
  locale: Locale = defaultLocale,
): LegalTokens {
  const android = Boolean(config.androidPackage);
  const { storesAppStore, storesBoth, platformsIos, platformsBoth } = words.interface;
  const pages = legalPages(config.features);
  return {
    ...valueTokens(config, localizedLegalPages(pages, locale)),
    homeUrl: localePath(locale, routes.home),
    supportUrl: localePath(locale, routes.support),
    stores: android ? storesBoth : storesAppStore,
    platforms: android ? platformsBoth : platformsIos,
  };
}

/**
 * `text` with its tokens filled. A token that is none, or a config value typed by hand instead of its token (the
 * product name, the email address), stops with the file and field.
 */
function filledText(text: string, tokens: LegalTokens, file: string, field: string, escape?: (v: string) => string) {
  for (const name of nameTokens) {
    const value = tokens[name];
    if (value && text.replace(/\{\{[^}]*\}\}/g, '').includes(value))
      throw new WordsError(`${file}: ${field} types "${value}" by hand; expected {{${name}}}, which the config fills`);
  }
  const filled = fill(text, tokens, escape);
  const unknown = [...filled.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]!);
  const bad = unknown.filter((name) => !itemTokens.has(name));
  if (bad.length) {
    throw new WordsError(
      `${file}: ${field} quotes ${bad.map((name) => `{{${name}}}`).join(', ')}, which is no token; expected a value ` +
        `of site.config.ts or packages/legal/src/check/law.ts by its name, like {{productName}} or {{contactEmail}}`,
    );
  }
  return filled;
}

/** Every text of `value` as read with the app's features (src/lib/features.ts), filled, at any depth. */
function filledDeep<T>(value: T, tokens: LegalTokens, features: Features, file: string, path: PropertyKey[] = []): T {
  const deeper = (item: unknown, key: PropertyKey) => filledDeep(item, tokens, features, file, [...path, key]);
  if (typeof value === 'string')
    return filledText(withFeatures(value, features, `${file}, ${pathName(path)}`), tokens, file, pathName(path)) as T;
  if (Array.isArray(value)) return value.map(deeper) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deeper(item, key)])) as T;
  return value;
}

function parsedYaml(text: string, file: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new WordsError(`${file} is not valid YAML: ${(error as Error).message}`);
  }
}

/** The words of `locale` as written (tokens unfilled), validated, from `text` (a test's edit) or the file. */
export function wordsAsWritten(locale: Locale = defaultLocale, text?: string): Words {
  const file = wordsFile(locale);
  if (text === undefined && !existsSync(file))
    throw new WordsError(
      `${file} is missing; expected the words of "${locale}", one of the config's languages, with every key of ${wordsFile(defaultLocale)}`,
    );
  const source = text ?? readFileSync(file, 'utf8');
  const raw = parsedYaml(source, file);
  // Words are text: a page shows them as written, so raw HTML in them is a mistake (or an attack), named here.
  const html = rawHtmlInTexts(raw, source);
  if (html.length)
    throw new WordsError(
      `Raw HTML in ${file}:\n${rawHtmlLines(html, file, 'plain text: the pages show the words as written').join('\n')}`,
    );
  return validated(wordsSchema, raw, file);
}

/**
 * Each list of the English words that `words` (a translation, from `file`) gives with another length: "steps" with
 * four items in English and three in Spanish would build a page that says less.
 */
function listsOfOtherLength(english: unknown, words: unknown, file: string, path: PropertyKey[] = []): string[] {
  if (Array.isArray(english)) {
    const length = (words as unknown[]).length;
    return length === english.length
      ? []
      : [`${file}: ${pathName(path)} has ${length} items; expected ${english.length}, as the English words have`];
  }
  if (!english || typeof english !== 'object') return [];
  return Object.entries(english).flatMap(([key, value]) =>
    listsOfOtherLength(value, (words as Record<string, unknown>)[key], file, [...path, key]),
  );
}

/** The words of `locale` as a visitor reads them: validated, every token filled. */
export function readWords(config: SiteConfig, locale: Locale = defaultLocale, text?: string): Words {
  const words = wordsAsWritten(locale, text);
  // A feature's words are a language's own list (featureWords.node.ts), of any length, read as written.
  const { featureWords, ...read } = words;
  const lists =
    locale === defaultLocale
      ? []
      : listsOfOtherLength({ ...wordsAsWritten(), featureWords: undefined }, read, wordsFile(locale));
  if (lists.length) throw new WordsError(lists.join('\n'));
  const file = wordsFile(locale);
  const filled = { ...filledDeep(read, wordsTokens(config, words, locale), config.features, file), featureWords };
  const source = text ?? readFileSync(file, 'utf8');
  const long = textsOf(filled).flatMap(({ path, value }) =>
    longSentences(`<p>${escapeUTF8(value)}</p>`, source, filledNames(config)).map((sentence) => ({
      ...sentence,
      where: `${file}${sentence.line ? `, line ${sentence.line}` : ''}, ${pathName(path)}`,
    })),
  );
  if (long.length) throw new WordsError(readingFailures(long));
  return filled;
}

/** Every text of `value`, at any depth, with its path. */
const textsOf = (value: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; value: string }[] =>
  typeof value === 'string'
    ? [{ path, value }]
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) =>
          textsOf(item, [...path, Array.isArray(value) ? Number(key) : key]),
        )
      : [];

/**
 * The reading limit of the legal pages holds on every page a visitor reads (packages/legal/src/check/readability.ts): one line
 * per sentence over it, naming the file, the line and the field.
 */
const readingFailures = (long: { where: string; words: number; text: string }[]) =>
  `Sentences too long to read on a phone:\n${long
    .map(
      ({ where, words, text }) =>
        `  - ${where}: a sentence of ${words} words: "${text}"; expected at most ${maxSentenceWords} (split it)`,
    )
    .join('\n')}`;

/**
 * What every question is read against, read once for them all: the tokens, the legal pages as `locale` links them
 * and their sections (a translation's headings, same ids as the English).
 */
function questionContext(config: SiteConfig, words: Words, locale: Locale = defaultLocale) {
  const pages = localizedLegalPages(legalPages(config.features), locale);
  // A translation's headings where it has one (same ids as the English), else the English page's.
  const translations = locale === defaultLocale ? [] : translationSources(locale, config.features);
  const bodyOf = (kind: string) => (translations.find((each) => each.kind === kind) ?? legalSource(kind)).body;
  const parts = new Map(pages.map(({ kind }) => [kind, markdownParts(bodyOf(kind))]));
  return { locale, tokens: wordsTokens(config, words, locale), pages, parts, inEnglish: words.interface.inEnglish };
}

/** One question of the support page from its Markdown `text`; `file` names it in errors. */
export async function questionFrom(
  config: SiteConfig,
  file: string,
  text: string,
  words: Words,
  { locale, tokens, pages, parts, inEnglish } = questionContext(config, words),
): Promise<Question> {
  const { yaml, body } = splitFrontMatter(text, file, WordsError);
  const name = basename(file, '.md');
  // A translation gives its question; its place and its sources are the English question's.
  const data =
    locale === defaultLocale
      ? validated(questionFrontMatter, parsedYaml(yaml, file), file)
      : { ...englishFrontMatter(name), ...validated(translatedQuestionFrontMatter, parsedYaml(yaml, file), file) };
  // An answer is Markdown, rendered as it is: raw HTML in it (a <script>, an <img onerror>) would reach the page.
  const markup = rawHtmlIn(text);
  if (markup.length)
    throw new WordsError(
      `Raw HTML in ${file}:\n${rawHtmlLines(markup, file, 'Markdown: the answer is rendered as written, so raw HTML would reach the page').join('\n')}`,
    );
  // A source on a page of a feature the app lacks goes with the page (pages.node.ts, legalSources).
  const unpublished = new Set(unpublishedLegalPages(config.features).map(({ kind }) => kind));
  const sources = data.sources.flatMap(({ page: kind, section }, index) => {
    const field = `sources[${index}]`;
    const page = pages.find((each) => each.kind === kind);
    if (!page && unpublished.has(kind)) return [];
    if (!page) {
      const kinds = pages.map((each) => each.kind).join(', ');
      throw new WordsError(`${file}: ${field}.page is "${kind}"; expected a legal page: ${kinds}`);
    }
    const part = parts.get(kind)!.find((each) => each.depth && each.id === section);
    if (!part) {
      const ids = parts.get(kind)!.flatMap((each) => (each.depth ? [each.id] : []));
      throw new WordsError(
        `${file}: ${field}.section is "${section}"; expected a section id of ${page.path}: ${ids.join(', ')}`,
      );
    }
    const heading = part.heading.replace(/^#+\s*/, '').replace(/\s*\{\s*#[\w-]+\s*\}$/, '');
    const label = `${page.linkLabel}: ${fill(heading, tokens)}`;
    // A page with no translation is linked in English, and says so (legalLinks.node.ts).
    // Where the source is written, every language's being the English question's: the build names it (errors.ts).
    const from = {
      file: locale === defaultLocale ? file : `${supportDir(defaultLocale)}/${name}.md`,
      field,
      page: kind,
      section,
    };
    return [{ href: `${page.path}#${section}`, label, ...(page.lang && { lang: page.lang, note: inEnglish }), from }];
  });
  // The words of the app's features only (src/lib/features.ts).
  const answer = withFeatures(body, config.features, file);
  const { html } = await renderLegalMarkdown(filledText(answer, tokens, file, 'the answer', escapeMarkdown));
  const question = filledText(withFeatures(data.question, config.features, file), tokens, file, 'question');
  const long = [
    ...longSentences(`<p>${escapeUTF8(question)}</p>`, text, filledNames(config)).map((each) => ({
      ...each,
      field: 'question',
    })),
    ...longSentences(html, text, filledNames(config)).map((each) => ({ ...each, field: 'the answer' })),
  ].map((each) => ({ ...each, where: `${file}${each.line ? `, line ${each.line}` : ''} (${each.field})` }));
  if (long.length) throw new WordsError(readingFailures(long));
  return { id: `${locale}/${name}`, question, order: data.order, html, sources };
}

/** The front matter of the English question `name`, which its translations share but for the question. */
function englishFrontMatter(name: string) {
  const file = `${supportDir(defaultLocale)}/${name}.md`;
  return validated(
    questionFrontMatter,
    parsedYaml(splitFrontMatter(readFileSync(file, 'utf8'), file).yaml, file),
    file,
  );
}

const markdownFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.md'))
        .sort()
    : [];

/**
 * The question files of `locale`: a translation has the English ones, by the same names, and no other, so no
 * question is silently missing in a language, nor left there after the English one is gone.
 */
export function questionFiles(locale: Locale, english = markdownFiles(supportDir(defaultLocale))): string[] {
  const dir = supportDir(locale);
  const files = markdownFiles(dir);
  if (locale === defaultLocale) return files;
  const missing = english.filter((name) => !files.includes(name));
  const extra = files.filter((name) => !english.includes(name));
  if (missing.length || extra.length) {
    const problems = [
      ...missing.map(
        (name) => `${dir}/${name} is missing; expected a translation of ${supportDir(defaultLocale)}/${name}`,
      ),
      ...extra.map(
        (name) =>
          `${dir}/${name} has no English question; expected only the file names of ${supportDir(defaultLocale)}/`,
      ),
    ];
    throw new WordsError(
      `The support questions of "${locale}" do not match the English ones:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  return files;
}

/** The support page's questions in `locale`, in their order, each answer rendered and each source linked. */
export async function readQuestions(
  config: SiteConfig,
  locale: Locale = defaultLocale,
  words = readWords(config, locale),
): Promise<Question[]> {
  const dir = supportDir(locale);
  // A question about a feature the app lacks is left out, in every language (src/config/features.ts).
  const files = questionFiles(locale).filter((name) => {
    const { feature } = englishFrontMatter(basename(name, '.md'));
    return !feature || config.features[feature];
  });
  const context = questionContext(config, words, locale);
  const questions = await Promise.all(
    files.map((name) => questionFrom(config, `${dir}/${name}`, readFileSync(`${dir}/${name}`, 'utf8'), words, context)),
  );
  return questions.sort((a, b) => a.order - b.order);
}
