/**
 * The reading limits of the legal pages: students read them on phones (docs/legal-pages.md, "What the build checks").
 * The legal check (check.node.ts) measures each page's summary and article as a reader gets them and stops a page over
 * a limit, so a too-long sentence stops `npm run build` at once.
 */
import { decodeHTML } from 'entities';

/** No sentence of any legal page longer than this many words. */
export const maxSentenceWords = 35;
/**
 * The most words a page's summary and article may have in English, for the pages listed (the privacy policy, once
 * 4,500). A translation must be whole, so its limit is the English one times its language's `wordsPerEnglishWord`
 * (its words.yaml: Spanish says the same thing in 15 to 25 % more words) rather than having content cut.
 */
export const maxWords: Partial<Record<string, number>> = { privacy: 2500 };

/** Words: runs of text with a letter or a digit in them. */
const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * The text of an article's HTML, one line per block a reader sees (a paragraph, a list item, a table cell, a heading),
 * split into sentences: a sentence ends at . ! or ? before a capital (of any language), a quotation mark or Spanish's
 * opening ¿ and ¡, and at every block's end.
 */
export function reading(html: string): { words: number; sentences: { text: string; words: number }[] } {
  const lines = decodeHTML(
    html
      .replace(/\s+/g, ' ')
      .replace(/<\/t[dh]>|<br\s*\/?>|<\/(p|li|tr|h\d|dt|dd|figcaption|blockquote|div|section)>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  ).split('\n');
  const sentences = lines
    .flatMap((line) => line.split(/(?<=[.!?][”"’)]?)\s+(?=[\p{Lu}“"‘(¿¡])/u))
    .map((text) => ({ text: text.trim(), words: wordCount(text) }));
  return { words: wordCount(lines.join(' ')), sentences };
}
