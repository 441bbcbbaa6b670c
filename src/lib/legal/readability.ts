/**
 * The reading limits of the legal pages: students read them on phones (docs/legal-pages.md, "What the build checks").
 * The legal check (check.node.ts) measures each page's summary and article as a reader gets them and stops a page over
 * a limit, so a too-long sentence stops `npm run build` at once.
 */
import { decodeHTML } from 'entities';

/** No sentence of any legal page longer than this many words. */
export const maxSentenceWords = 35;
/** The most words a page's summary and article may have, for the pages listed (the privacy policy, once 4,500). */
export const maxWords: Partial<Record<string, number>> = { privacy: 2500 };

/** Words: runs of text with a letter or a digit in them. */
const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * The text of an article's HTML, one line per block a reader sees (a paragraph, a list item, a table cell, a heading),
 * split into sentences: a sentence ends at . ! or ? before a capital or a quotation mark, and at every block's end.
 */
export function reading(html: string): { words: number; sentences: { text: string; words: number }[] } {
  const lines = decodeHTML(
    html
      .replace(/\s+/g, ' ')
      .replace(/<\/t[dh]>|<br\s*\/?>|<\/(p|li|tr|h\d|dt|dd|figcaption|blockquote|div|section)>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  ).split('\n');
  const sentences = lines
    .flatMap((line) => line.split(/(?<=[.!?][”"’)]?)\s+(?=[A-Z“"‘(])/))
    .map((text) => ({ text: text.trim(), words: wordCount(text) }));
  return { words: wordCount(lines.join(' ')), sentences };
}
