/**
 * The legal pages are the Markdown files of src/content/legal/ (`privacy.md` is the kind `privacy`): each file's front
 * matter says who the page is (frontMatter.ts), so adding a page is adding a file. Read here, validated once per call.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { legalFrontMatter, legalPageSchema, type LegalFrontMatter, type LegalPage } from './frontMatter.ts';

export const legalDir = 'src/content/legal';

/** A legal page, its data or its approvals are not as they must be: the message names the file, the field and the fix. */
export class LegalTextError extends Error {
  override name = 'LegalTextError';
  // The message is the whole story: no stack trace printed after it.
  override stack = '';
}

export interface LegalSource {
  kind: string;
  file: string;
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
  return { kind, file, ...parseLegalMarkdown(markdown ?? readFileSync(file, 'utf8'), file, legalFrontMatter) };
}

/** Every legal page, in its front matter's `order`. */
export const legalSources = (): LegalSource[] =>
  readdirSync(legalDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => legalSource(name.slice(0, -3)))
    .sort((a, b) => a.data.order - b.data.order);

/** The page's identity from its front matter (its description's tokens unfilled): its other fields left out. */
export const legalPageOf = ({ kind, data }: LegalSource): LegalPage => ({ kind, ...legalPageSchema.parse(data) });

/** Who each legal page is, for scripts and tests; pages read the collection. */
export const legalPages = (): LegalPage[] => legalSources().map(legalPageOf);

/** One legal page by its kind (its file's name). */
export const legalPage = (kind: string): LegalPage => legalPageOf(legalSource(kind));
