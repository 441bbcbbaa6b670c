/**
 * The site's words, read, validated and filled: src/content/words/<locale>.yaml for the pages and the interface, and
 * the support page's questions, one Markdown file each in src/content/support/<locale>/. Their {{tokens}} are the
 * legal pages' own (src/lib/legal/tokens.node.ts: the config's values, the law's figures, each page's address), so a
 * name, an address or a figure is typed once for the whole site. The content loaders (loader.node.ts) serve the result
 * to the pages; scripts and tests call these functions. Anything wrong names the file, the field and the form expected.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { pathName, siteConfig, valueAt } from '../../config/index.ts';
import { markdownParts, renderLegalMarkdown } from '../legal/markdown.node.ts';
import { legalPages, legalSource, splitFrontMatter } from '../legal/pages.node.ts';
import { escapeMarkdown, fill, nameTokens, valueTokens, type LegalTokens } from '../legal/tokens.node.ts';
import { questionFrontMatter, wordsSchema, type Question, type Words } from './schema.ts';

export const wordsDir = 'src/content/words';
export const supportDir = 'src/content/support';

/** A words file or a question is not as it must be: the message names the file, the field and the form expected. */
export class WordsError extends Error {
  override name = 'WordsError';
  override stack = '';
}

/**
 * Tokens a component fills per item, left in place here: {{network}}, each social network's name, and the legal
 * pages' own parts (a date, a title, a version, a note, a name, a link, an email link: src/components/Say.astro).
 */
export const itemTokens = new Set([
  'network',
  'date',
  'until',
  'title',
  'version',
  'note',
  'name',
  'link',
  'strong',
  'email',
]);

/** The languages the site has words for: one YAML file each in src/content/words/. */
export const wordsLocales = () =>
  readdirSync(wordsDir)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => name.slice(0, -'.yaml'.length));

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

/** Every token the words may quote: the legal pages' values, and what the stores and phones are (with Android or not). */
export function wordsTokens(words: Pick<Words, 'interface'>): LegalTokens {
  const android = Boolean(siteConfig().androidPackage);
  const { storesAppStore, storesBoth, platformsIos, platformsBoth } = words.interface;
  return {
    ...valueTokens(legalPages()),
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
        `of site.config.ts or src/lib/legal/law.ts by its name, like {{productName}} or {{contactEmail}}`,
    );
  }
  return filled;
}

/** Every text of `value` filled, at any depth. */
function filledDeep<T>(value: T, tokens: LegalTokens, file: string, path: PropertyKey[] = []): T {
  if (typeof value === 'string') return filledText(value, tokens, file, pathName(path)) as T;
  if (Array.isArray(value)) return value.map((item, index) => filledDeep(item, tokens, file, [...path, index])) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, filledDeep(item, tokens, file, [...path, key])]),
    ) as T;
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
export function wordsAsWritten(locale = 'en', text?: string): Words {
  const file = `${wordsDir}/${locale}.yaml`;
  return validated(wordsSchema, parsedYaml(text ?? readFileSync(file, 'utf8'), file), file);
}

/** The words of `locale` as a visitor reads them: validated, every token filled. */
export function readWords(locale = 'en', text?: string): Words {
  const words = wordsAsWritten(locale, text);
  return filledDeep(words, wordsTokens(words), `${wordsDir}/${locale}.yaml`);
}

/** What every question is read against, read once for them all: the tokens, the legal pages and their sections. */
function questionContext(words: Words) {
  const pages = legalPages();
  const parts = new Map(pages.map(({ kind }) => [kind, markdownParts(legalSource(kind).body)]));
  return { tokens: wordsTokens(words), pages, parts };
}

/** One question of the support page from its Markdown `text`; `file` names it in errors. */
export async function questionFrom(
  file: string,
  text: string,
  words: Words,
  { tokens, pages, parts } = questionContext(words),
): Promise<Question> {
  const { yaml, body } = splitFrontMatter(text, file, WordsError);
  const data = validated(questionFrontMatter, parsedYaml(yaml, file), file);
  const sources = data.sources.map(({ page: kind, section }, index) => {
    const field = `sources[${index}]`;
    const page = pages.find((each) => each.kind === kind);
    if (!page) {
      const kinds = pages.map((each) => each.kind).join(', ');
      throw new WordsError(`${file}: ${field}.page is "${kind}"; expected a legal page: ${kinds}`);
    }
    const part = parts.get(kind)!.find((each) => each.depth && each.id === section);
    if (!part) throw new WordsError(`${file}: ${field}.section is "${section}"; expected a section id of ${page.path}`);
    const heading = part.heading.replace(/^#+\s*/, '').replace(/\s*\{\s*#[\w-]+\s*\}$/, '');
    return { href: `${page.path}#${section}`, label: `${page.linkLabel}: ${fill(heading, tokens)}` };
  });
  const { html } = await renderLegalMarkdown(filledText(body, tokens, file, 'the answer', escapeMarkdown));
  const id = file.replace(`${supportDir}/`, '').replace(/\.md$/, '');
  return { id, question: filledText(data.question, tokens, file, 'question'), order: data.order, html, sources };
}

/** The support page's questions in `locale`, in their order, each answer rendered and each source linked. */
export async function readQuestions(locale = 'en', words = readWords(locale)): Promise<Question[]> {
  const dir = `${supportDir}/${locale}`;
  // A language may have its words before its support questions (its support page is built only with them).
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.md')) : [];
  const context = questionContext(words);
  const questions = await Promise.all(
    files.map((name) => questionFrom(`${dir}/${name}`, readFileSync(`${dir}/${name}`, 'utf8'), words, context)),
  );
  return questions.sort((a, b) => a.order - b.order);
}
