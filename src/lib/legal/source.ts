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
import { literalFigures, type LiteralFigure } from './meaning.ts';
import { escapeMarkdown, fillTokens, legalTokens, nameTokens, type LegalTokens } from './tokens.ts';

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
    /**
     * The page's own figures (a retention period, a sample code), quoted in the body as `{{name}}`: every figure in
     * the prose comes from a token, so it is typed once.
     */
    facts: z
      .record(
        z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'fact names in camelCase, like securityLogDays'),
        z.union([z.string(), z.number()], 'a text or a number'),
      )
      .optional(),
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
  /** Figures typed into the prose instead of coming from a token (figures.ts): the check names each. */
  figures: LiteralFigure[];
  html: string;
  headings: LegalHeading[];
}

export class LegalSourceError extends Error {
  override name = 'LegalSourceError';
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** An image of the app's sign-up screen, shown under the consent wording (`#consent-wording`) when configured. */
export interface ConsentScreenshot {
  /** The address under the site root, like /images/sms-consent.png. */
  src: string;
  width: number;
  height: number;
}

/** The id of the block quotation that holds the app's SMS consent wording, word for word (terms.md). */
export const consentWordingId = 'consent-wording';

/** Parses, validates and renders one legal document; `file` names it in every error. */
export function parseLegalSource(
  text: string,
  file: string,
  tokens: LegalTokens = legalTokens,
  consentScreenshot?: ConsentScreenshot,
): LegalSource {
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
  const facts = Object.fromEntries(
    Object.entries(result.data.facts ?? {}).map(([name, value]) => [name, String(value)]),
  );
  const taken = Object.keys(facts).filter((name) => Object.hasOwn(tokens, name));
  if (taken.length) {
    throw new LegalSourceError(
      `${file}: front matter facts ${taken.join(', ')} shadow config tokens of the same name; expected other names`,
    );
  }
  const markdown = text.slice(match[0].length);
  const body = fillTokens(markdown, file, { ...tokens, ...facts }, escapeMarkdown);
  const rendered = markdownToHtml(body, { features: { headingAttributes: true, smartPunctuation: true, gfm: true } });
  const withTables = scrollableTables(rendered.html);
  const html = consentScreenshot ? withScreenshot(withTables, consentScreenshot, tokens.productName ?? '') : withTables;
  const names = Object.fromEntries(nameTokens.map((name) => [name, tokens[name] ?? '']));
  return { data: result.data, body, html, headings: headingsOf(html), figures: literalFigures(markdown, names) };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Puts the screenshot right under the consent quotation, so a reviewer sees the words and the screen that shows them
 * together. Below the fold on every screen, so it loads lazily; its size is given to keep the layout still.
 */
function withScreenshot(html: string, screenshot: ConsentScreenshot, productName: string): string {
  const start = html.indexOf(`<blockquote id="${consentWordingId}"`);
  const end = start < 0 ? -1 : html.indexOf('</blockquote>', start);
  if (end < 0) return html;
  const alt = `The ${productName} sign-up screen, showing the wording quoted above next to the phone number field`;
  const figure =
    `<figure class="consent-screenshot"><img src="${escapeAttribute(screenshot.src)}" alt="${escapeAttribute(alt)}"` +
    ` width="${screenshot.width}" height="${screenshot.height}" loading="lazy" decoding="async">` +
    `<figcaption>The sign-up screen of the ${escapeAttribute(productName)} app.</figcaption></figure>`;
  const after = end + '</blockquote>'.length;
  return html.slice(0, after) + figure + html.slice(after);
}

/**
 * Wraps each table in a region that scrolls sideways on a narrow screen, named by the heading above it and reachable
 * by keyboard (a scrolling region must be focusable), so a wide table never widens the page. A table of four columns
 * or more is marked `wide` (a class, not a `:has()` rule: on a phone that selector alone cost about 250 ms of the
 * page's blocking time in Lighthouse).
 */
function scrollableTables(html: string): string {
  let heading = '';
  return html
    .replace(/<h[23] id="([^"]+)"|<table>|<\/table>/g, (match, id: string | undefined) => {
      if (id) {
        heading = id;
        return match;
      }
      if (match === '</table>') return '</table></section>';
      const label = heading ? ` aria-labelledby="${heading}"` : ' aria-label="Table"';
      // A named <section> is a region landmark, the native form of role="region".
      return `<section class="legal-table"${label} tabindex="0"><table>`;
    })
    .replace(/<table>(\s*<thead>\s*<tr>(?:\s*<th[^>]*>[\s\S]*?<\/th>){4,})/g, '<table class="wide">$1');
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
