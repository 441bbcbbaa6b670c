/** Edits of legal Markdown by its structure, never by its wording, so an owner's approved rewording keeps tests true. */

/**
 * The first paragraph of the section with this id, reworded without a change of meaning (its first two sentences
 * swapped): what an owner's harmless edit looks like, whatever the paragraph says today.
 */
export function reword(markdown: string, id: string): string {
  return markdown.replace(
    new RegExp(`(\\{ #${id} \\}\\n\\n)([^\\n][^]*?)(?=\\n\\n)`),
    (_, heading: string, text: string) => {
      const [first, second, ...rest] = text.split(/(?<=\.)\s+(?=[A-Z{])/);
      return heading + (second ? [second, first, ...rest].join(' ') : `In short: ${text}`);
    },
  );
}
