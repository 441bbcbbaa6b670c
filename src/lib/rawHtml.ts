/**
 * Content is text: the words (src/content/i18n/<locale>/words.yaml), the support answers (src/content/i18n/<locale>/support/) and the legal pages'
 * Markdown, data and wording (src/content/legal/) are written by people, and what they write reaches the pages as
 * text, or as Markdown. Raw HTML in them (a `<script>`, an `<img onerror>`, a `<b>`) stops the build, naming the
 * file and the line, unless it is markup the site itself renders: the few elements of `legalMarkup`, with their
 * attributes, which the legal pages' layout and check look for (the glance box, the consent wording's quotation).
 */

/** The markup the legal Markdown may hold, by element, with the attributes each may carry. */
export const legalMarkup: Readonly<Record<string, readonly string[]>> = {
  aside: ['class', 'aria-labelledby'],
  p: ['id'],
  strong: [],
  blockquote: ['id', 'class'],
  // A link to a page in another language, marked so (a translation links the English-only pages).
  a: ['href', 'hreflang', 'lang'],
};
/** Where a link of the legal Markdown may lead: a token's address, a part of the page, the site, the web, an email. */
const safeHref = /^(\{\{\s*\w+\s*\}\}|#|\/|https:\/\/|mailto:)/;

export interface RawHtml {
  /** The tag or comment as written. */
  tag: string;
  /** Its line in `source`, from 1. */
  line: number;
  /** Why it is refused: an element, or an attribute of an allowed element. */
  why: string;
}

/** A tag, a comment, a processing instruction or a doctype; not an autolink (`<https://...>`, `<me@example.com>`). */
const tags =
  /<!--[\s\S]*?(?:-->|$)|<![A-Za-z][^>]*>|<\?[\s\S]*?>|<\/?([A-Za-z][\w-]*)(?![\w-]*[:@])((?:\s[^>]*)?)\/?>/g;
const attributes = /([^\s"'=<>`/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** The raw HTML of `source` that `allowed` does not allow, each with its line; empty when there is none. */
export function rawHtmlIn(source: string, allowed: Readonly<Record<string, readonly string[]>> = {}): RawHtml[] {
  const found: RawHtml[] = [];
  for (const match of source.matchAll(tags)) {
    const [tag, name, rest = ''] = match;
    const line = source.slice(0, match.index).split('\n').length;
    const element = name?.toLowerCase();
    if (!element || !Object.hasOwn(allowed, element)) {
      found.push({ tag, line, why: element ? `the element <${element}>` : 'markup' });
      continue;
    }
    for (const [, attribute, quoted = ''] of rest.matchAll(attributes)) {
      const name = attribute!.toLowerCase();
      if (!allowed[element]!.includes(name))
        found.push({ tag, line, why: `the attribute ${attribute} on <${element}>` });
      else if (name === 'href' && !safeHref.test(quoted.replace(/^["']|["']$/g, '').trim()))
        found.push({ tag, line, why: `the link ${quoted}: a token, #, /, https:// or mailto: address is expected` });
    }
  }
  return found;
}

/** What the site renders of `allowed`, for a message: "<aside class aria-labelledby>, <strong>". */
export const allowedMarkup = (allowed: Readonly<Record<string, readonly string[]>>) =>
  Object.entries(allowed)
    .map(([element, names]) => `<${[element, ...names].join(' ')}>`)
    .join(', ');

/**
 * The raw HTML in every text of a parsed YAML `value` (none allowed), each with its field and its line in `source`,
 * the file's text.
 */
export function rawHtmlInTexts(
  value: unknown,
  source: string,
  path: (string | number)[] = [],
): (RawHtml & { field: string })[] {
  if (typeof value === 'string')
    return rawHtmlIn(value).map((found) => ({ ...found, field: path.join('.'), line: lineOfTag(source, found.tag) }));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      rawHtmlInTexts(item, source, [...path, Array.isArray(value) ? Number(key) : key]),
    );
  return [];
}

/** The line of `source` that holds `tag` outside a YAML comment, or 0 when none does (a tag split over lines). */
function lineOfTag(source: string, tag: string): number {
  const index = source.split('\n').findIndex((line) => line.replace(/(^|\s)#.*$/, '').includes(tag));
  return index + 1;
}

/** One line of an error per piece of raw HTML: where, what, and what is expected instead. */
export const rawHtmlLines = (
  found: (RawHtml & { field?: string })[],
  file: string,
  expected = 'text, or Markdown: the site renders it as written, so raw HTML never reaches a page',
) =>
  found.map(
    ({ tag, line, why, field }) =>
      `  - ${file}${line ? `, line ${line}` : ''}${field ? `, ${field}` : ''}: raw HTML ${JSON.stringify(tag)} (${why}); expected ${expected}`,
  );
