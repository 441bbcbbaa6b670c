/**
 * The legal pages are the Markdown files of src/content/legal/ (`privacy.md` is the kind `privacy`): each file's front
 * matter says who the page is (frontMatter.ts), so adding a page is adding a file. Read here, validated once per call.
 */
import { existsSync, readdirSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { legalFrontMatter, legalPageSchema, type LegalFrontMatter, type LegalPage } from '../record/frontMatter.ts';
import { folderStamp, readText } from '../files.node.ts';
import { type Feature, type Features, localePath, type Locale } from '../host.ts';
import { legalTranslationDir } from '../host.node.ts';

export const legalDir = 'src/content/legal';

/** What the legal pages and their translations into `locales` are now: it changes with any of their files. */
export const legalSourcesStamp = (locales: Locale[]) => folderStamp([legalDir, ...locales.map(legalTranslationDir)]);

/** A legal page, its data or its approvals are not as they must be: the message names the file, the field and the fix. */
export class LegalTextError extends Error {
  override name = 'LegalTextError';
  // The message is the whole story: no stack trace printed after it.
  override stack = '';
}

export interface LegalSource {
  kind: string;
  file: string;
  /** The language of its words: English, or a translation's (`src/content/i18n/<locale>/legal/<kind>.md`). */
  locale?: Locale;
  data: LegalFrontMatter;
  body: string;
}

/** The front matter (YAML) and the body of a Markdown text, line endings normalized (CRLF); `file` names it. */
export function splitFrontMatter(text: string, file: string, Problem: new (message: string) => Error = LegalTextError) {
  const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n')) ?? [];
  if (body === undefined) throw new Problem(`${file}: no front matter; expected it between --- lines at the top`);
  return { yaml: yaml!, body };
}

/** Front matter and body of a legal Markdown text; `file` names it in the error. */
export function parseLegalMarkdown<T>(text: string, file: string, schema: z.ZodType<T>): { data: T; body: string } {
  const { yaml, body } = splitFrontMatter(text, file);
  const result = schema.safeParse(parseYaml(yaml));
  if (!result.success) throw new LegalTextError(`${file}: invalid front matter:\n${z.prettifyError(result.error)}`);
  return { data: result.data, body };
}

/** The page of kind `kind`, from `markdown` (a test's edit) or its file. */
export function legalSource(kind: string, markdown?: string): LegalSource {
  const file = `${legalDir}/${kind}.md`;
  return { kind, file, ...parseLegalMarkdown(markdown ?? readText(file), file, legalFrontMatter) };
}

/** Every legal page written, published or not (legalSources gives those published), in its front matter's `order`. */
export const writtenLegalSources = (): LegalSource[] =>
  readdirSync(legalDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => legalSource(name.slice(0, -3)))
    .sort((a, b) => a.data.order - b.data.order);

/** Whether a page is published: it is of no feature (front matter `feature`), or of one the app has. */
const isPublished = (features: Features) => (source: LegalSource) =>
  !source.data.feature || features[source.data.feature];

/**
 * The legal pages published, in their `order`: the one answer to "which legal pages exist" that routes (the page
 * table), links, the sitemap, tokens, store labels, the checks and approvals all read. A page of a feature the app
 * lacks (`feature: dietary` in its front matter, src/config/features.ts) is not published, in any language.
 */
export const legalSources = (features: Features): LegalSource[] => writtenLegalSources().filter(isPublished(features));

/** The pages written but not published, each with the feature switched off that keeps it out. */
export const unpublishedLegalPages = (features: Features): { kind: string; feature: Feature }[] =>
  writtenLegalSources().flatMap(({ kind, data: { feature } }) =>
    feature && !features[feature] ? [{ kind, feature }] : [],
  );

/**
 * The page's identity from its front matter (its description's tokens unfilled): its other fields left out. A
 * translation's address is the English one under its language's folder (`/es/privacy`).
 */
export const legalPageOf = ({ kind, data, locale = 'en' }: LegalSource): LegalPage => {
  const page = legalPageSchema.parse(data);
  return { kind, ...page, path: localePath(locale, page.path) };
};

/** Who each published legal page is, for scripts and tests; pages read the collection. */
export const legalPages = (features: Features): LegalPage[] => legalSources(features).map(legalPageOf);

/** One legal page by its kind (its file's name). */
export const legalPage = (kind: string): LegalPage => legalPageOf(legalSource(kind));

/**
 * A translation's front matter: its own words (title, summary, facts) and the names its links and title use. Who the
 * page is otherwise (its order, its first effective date, its notice period) is the English page's, and its address is
 * the English one under the language's folder (`/es/privacy`).
 */
export const translationFrontMatter = legalFrontMatter
  .pick({ title: true, summary: true, titleWord: true, linkLabel: true, description: true, facts: true })
  .strict();

/** Where the translation of a page lives: one Markdown file per page and language, named like the English one. */
export const translationFile = (kind: string, locale: Locale) => `${legalTranslationDir(locale)}/${kind}.md`;

/** The translation of page `kind` into `locale`, from `markdown` (a test's edit) or its file. */
export function translationSource(kind: string, locale: Locale, markdown?: string): LegalSource {
  const file = translationFile(kind, locale);
  const english = legalSource(kind);
  const { data, body } = parseLegalMarkdown(markdown ?? readText(file), file, translationFrontMatter);
  return { kind, file, locale, data: { ...english.data, ...data }, body };
}

/**
 * Every page translated into `locale`, in the English pages' order: of those published while `features` hold
 * (legalSources), or of every page written without them. A translation of no English page stops here.
 */
export function translationSources(locale: Locale, features?: Features): LegalSource[] {
  const dir = legalTranslationDir(locale);
  if (!existsSync(dir)) return [];
  const kinds = new Set(writtenLegalSources().map(({ kind }) => kind));
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const kind = name.slice(0, -3);
      if (!kinds.has(kind))
        throw new LegalTextError(`${dir}/${name} translates no page: expected the name of one in ${legalDir}/`);
      return translationSource(kind, locale);
    })
    .filter((source) => !features || isPublished(features)(source))
    .sort((a, b) => a.data.order - b.data.order);
}
