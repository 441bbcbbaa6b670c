/**
 * A legal page's front matter: the page's identity (its address, names and where it is linked) and its words' own
 * fields (title, first effective date, summary, facts). The body is Markdown with explicit heading ids
 * (`## Retention { #retention }`), so an anchor never changes when a heading is reworded.
 */
import { z } from 'zod';
import { featureNames, formatDate } from '../host.ts';

const words = (example: string) => z.string(`a text, like "${example}"`).trim().min(1, 'a non-empty text');
/** A legal page's address: one segment under the site's root. */
const address = z.string('an address like /privacy').regex(/^\/[a-z0-9-]+$/, 'an address like /privacy');

/** Who a legal page is: the list of pages is the Markdown files (docs/legal-pages.md, "Adding a page"). */
export const legalPageSchema = z.object({
  /** Its address, like /privacy. */
  path: address,
  /**
   * Every address the page was published at before `path`, like [/privacy-policy]: each keeps leading to it on every
   * host, in every language it is published in (formerPaths.node.ts; docs/legal-pages.md, "Moving a page").
   */
  formerPaths: z.array(address, 'a list of addresses, like [/privacy-policy]').optional(),
  /** Its place among the legal pages wherever they are listed (footer, navigation, sitemap), smallest first. */
  order: z.number('a number, like 3'),
  /** What the browser title adds after the product name (docs/requirements.md#privacy-sections); the h1 contains it. */
  titleWord: words('Privacy'),
  /** The label of links to the page. */
  linkLabel: words('Privacy Policy'),
  /** The page's meta description; it may quote {{productName}}. */
  description: words('How {{productName}} handles your data.'),
  /** Linked from the hero's call to action too, not only the footer (docs/requirements.md#call-to-action). */
  callToAction: z.boolean().optional(),
  /** A `<link rel>` for every page's head, where the web has a name for the kind of page. */
  rel: z.enum(['privacy-policy', 'terms-of-service']).optional(),
  /**
   * The days of notice the page promises before a change takes effect: `npm run legal:approve` refuses an earlier
   * effective date unless the change is marked as needing none (approvals.node.ts; default 30).
   */
  noticeDays: z.number('a number of days, like 30').int().min(0).optional(),
  /**
   * The feature the page is about (src/config/features.ts): not published, in any language, while the app lacks it
   * (legalSources in pages.node.ts); once approved, switching the feature off stops the build (approvals.node.ts).
   */
  feature: z.enum(featureNames, `one of ${featureNames.join(', ')}`).optional(),
});
export type LegalPage = z.infer<typeof legalPageSchema> & { kind: string };

export const legalFrontMatter = legalPageSchema
  .extend({
    title: words('Privacy Policy'),
    /** When the page first took effect; each version's own date is its approval's (approvals.node.ts). */
    effective: z.iso.date('a date written YYYY-MM-DD, like 2025-07-12'),
    /** A short, plainly non-binding summary shown above the document; it may quote tokens. */
    summary: words('One paragraph'),
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

/**
 * "2024-12-16" -> "December 16, 2024" ("16 de diciembre de 2024" in Spanish, `tag` es): how the pages print their
 * dates, in the BCP-47 tag of their language (`language.tag` of its words).
 */
export const formatLegalDate = (isoDate: string, tag = 'en-US'): string => formatDate(isoDate, tag);
