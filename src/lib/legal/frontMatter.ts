/**
 * A legal document's front matter, validated as its words are filled (text.node.ts). The body is Markdown
 * with explicit heading ids (`## Retention { #retention }`), so an anchor never changes when a heading is reworded.
 */
import { z } from 'zod';

// Astro's front matter parser reads an unquoted 2025-07-12 as a Date; the pages want the written date back.
const isoDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.iso.date('a date written YYYY-MM-DD, like 2025-07-12'),
);

export const legalFrontMatter = z
  .object({
    title: z.string('a title, like "Privacy Policy"').trim().min(1, 'a non-empty title'),
    /** When this version took effect. "Last updated" is the latest approval's date (approvals.node.ts). */
    effective: isoDate,
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

export interface LegalHeading {
  depth: number;
  slug: string;
  text: string;
}

/** "2024-12-16" -> "December 16, 2024": how the pages print their dates. */
export function formatLegalDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
