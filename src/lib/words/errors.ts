/**
 * The words' errors, for node code and the pages alike (words.node.ts reads the files; collection.ts checks what the
 * pages link).
 */
import type { Question } from './schema.ts';

/** A words file or a question is not as it must be: the message names the file, the field and the form expected. */
export class WordsError extends Error {
  override name = 'WordsError';
  override stack = '';
}

/**
 * A support source whose section neither the version its page shows today nor its newest words have (`missing`,
 * packages/legal/src/record/collection.ts, sectionMissing): linking it would open another section, or the page, without a word.
 * Names the file, the source, the section and the sections the page has.
 */
export function sourceSectionError(
  from: Question['sources'][number]['from'],
  missing: { path: string; id: string; ids: string[]; shown?: string | undefined; newest?: string | undefined },
) {
  const read = [
    missing.shown ? `the version in effect, ${missing.shown}` : 'its words as read now (a draft)',
    ...(missing.newest && missing.newest !== missing.shown ? [`its newest version, ${missing.newest}`] : []),
  ];
  return new WordsError(
    `${from.file}: ${from.field} is { page: ${from.page}, section: ${from.section} }, but ${missing.path} has no section "${missing.id}" in ${read.join(' nor in ')}, so its link would open another section or the page without a word; expected a section id of ${missing.path}: ${missing.ids.join(', ')} (docs/legal-pages.md#links-between-pages)`,
  );
}
