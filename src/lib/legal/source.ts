/**
 * Reads a legal document: Markdown with YAML front matter. The front matter is validated, `{{token}}`s are filled
 * from the config, and the body is rendered to HTML with explicit heading ids (`## Retention { #retention }`), so an
 * anchor never changes when a heading is reworded. Pure: the content loader (loader.node.ts) reads the files.
 */
import { markdownToHtml } from 'satteri';
import { parse as parseHtml } from 'ultrahtml';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { elementsOf, textOf } from '../html.ts';
import { escapeMarkdown, fillTokens, legalTokens, type LegalTokens } from './tokens.ts';

const isoDate = z.iso.date('a date written YYYY-MM-DD, like 2025-07-12');

export const legalFrontMatter = z
  .object({
    title: z.string('a title, like "Privacy Policy"').trim().min(1, 'a non-empty title'),
    /** When this version took effect. */
    effective: isoDate,
    /** When the text last changed; git history holds every version. */
    lastUpdated: isoDate,
    /** A short, plainly non-binding summary shown above the document. */
    summary: z.string('a one-paragraph summary').trim().min(1, 'a non-empty summary'),
  })
  .strict()
  .refine((data) => data.lastUpdated >= data.effective, {
    message: 'a last-updated date on or after the effective date',
    path: ['lastUpdated'],
  });

export type LegalFrontMatter = z.infer<typeof legalFrontMatter>;

export interface LegalHeading {
  depth: number;
  slug: string;
  text: string;
}

export interface LegalSource {
  data: LegalFrontMatter;
  /** The Markdown body with its tokens filled in. */
  body: string;
  html: string;
  headings: LegalHeading[];
}

export class LegalSourceError extends Error {
  override name = 'LegalSourceError';
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Parses, validates and renders one legal document; `file` names it in every error. */
export function parseLegalSource(text: string, file: string, tokens: LegalTokens = legalTokens): LegalSource {
  const match = frontMatterPattern.exec(text);
  if (!match) throw new LegalSourceError(`${file}: no front matter; expected the file to start with a --- block`);
  let raw: unknown;
  try {
    raw = parseYaml(match[1]!);
  } catch (error) {
    throw new LegalSourceError(`${file}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  const filledRaw = fillFrontMatter(raw, file, tokens);
  const result = legalFrontMatter.safeParse(filledRaw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const field = issue.path.join('.') || '(front matter)';
      const value = JSON.stringify((filledRaw as Record<string, unknown> | null)?.[String(issue.path[0])]) ?? 'missing';
      return `  - ${field} is ${value}; expected ${issue.message.replace(/^Invalid input: expected /, '')}`;
    });
    throw new LegalSourceError(`${file}: invalid front matter:\n${lines.join('\n')}`);
  }
  const body = fillTokens(text.slice(match[0].length), file, tokens, escapeMarkdown);
  const { html } = markdownToHtml(body, { features: { headingAttributes: true, smartPunctuation: true, gfm: true } });
  return { data: result.data, body, html, headings: headingsOf(html) };
}

/** Front matter strings may quote config values too (a summary naming the product). */
function fillFrontMatter(raw: unknown, file: string, tokens: LegalTokens): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [
      key,
      typeof value === 'string' ? fillTokens(value, file, tokens) : value,
    ]),
  );
}

/** The h2 and h3 headings, in document order: the table of contents and the id snapshot are built from them. */
function headingsOf(html: string): LegalHeading[] {
  return elementsOf(parseHtml(html))
    .filter((element) => /^h[23]$/.test(element.name))
    .map((element) => ({ depth: Number(element.name[1]), slug: element.attributes.id ?? '', text: textOf(element) }));
}

/** "2024-12-16" -> "December 16, 2024": how the pages print their dates (and what the check expects to see). */
export function formatLegalDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
