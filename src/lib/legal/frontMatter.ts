/**
 * A legal document's front matter, validated as its words are filled (text.node.ts). The body is Markdown
 * with explicit heading ids (`## Retention { #retention }`), so an anchor never changes when a heading is reworded.
 */
import { z } from 'zod';

export const legalFrontMatter = z
  .object({
    title: z.string('a title, like "Privacy Policy"').trim().min(1, 'a non-empty title'),
    /** When the page first took effect; each version's own date is its approval's (approvals.node.ts). */
    effective: z.iso.date('a date written YYYY-MM-DD, like 2025-07-12'),
    /** A short, plainly non-binding summary shown above the document; it may quote tokens. */
    summary: z.string('a one-paragraph summary').trim().min(1, 'a non-empty summary'),
    /** The page's own figures (a sample code), quoted in the body as `{{name}}`. */
    facts: z
      .record(
        z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'fact names in camelCase, like sampleSignInCode'),
        z.union([z.string(), z.number()], 'a text or a number'),
      )
      .optional(),
  })
  .strict();

export type LegalFrontMatter = z.infer<typeof legalFrontMatter>;

/** A heading of a legal page: its level, its `{ #id }` and its text. */
export type { MarkdownHeading as LegalHeading } from 'astro';

/** "2024-12-16" -> "December 16, 2024": how the pages print their dates. */
export function formatLegalDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
