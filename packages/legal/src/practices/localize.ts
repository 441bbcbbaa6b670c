/**
 * The data-practices facts in another language, for that language's legal pages: each entry's words (label, detail,
 * group, short, keeps, why, withdraw, reason, and what it is never used for) replaced by their forms in the language's own file
 * (src/content/i18n/<locale>/data-practices.yaml, by entry id). Every other field, and so every fact, stays the one
 * typed once. A field the entry has in English but not in the language stops the build, naming the entry and the
 * field: no English is filled into a translated page.
 */
import { DataPracticesError, type DataPractices } from './practices.ts';
import { type Locale } from '../host.ts';

/** The fields of each part of the file that readers read, and so that each language gives. */
const wordFields = {
  purposes: ['label', 'short'],
  never: ['label'],
  recipients: ['label', 'why', 'keeps'],
  consents: ['label', 'withdraw'],
  retention: ['label', 'reason'],
  data: ['label', 'detail', 'group'],
} as const;

/** A language's forms: for each part of the file, each entry's words by its id. */
export type DataForms = Partial<Record<keyof typeof wordFields, Record<string, Partial<Record<string, string>>>>>;

/**
 * `practices` with its words in `locale`, from `forms` (read from `file`); English returns it as is. Throws a
 * DataPracticesError naming each entry and field whose form in `locale` is missing, with the English it translates.
 */
export function localizePractices(
  practices: DataPractices,
  locale: Locale,
  forms: DataForms,
  file: string,
): DataPractices {
  if (locale === 'en') return practices;
  const missing: string[] = [];
  const translate = <T extends object>(part: keyof typeof wordFields, id: string, item: T): T => {
    const source = item as unknown as Record<string, unknown>;
    const form = forms[part]?.[id] ?? {};
    const out: Record<string, unknown> = { ...source };
    for (const field of wordFields[part]) {
      const english = source[field];
      // `keeps: false` and absent fields have no words to translate.
      if (typeof english !== 'string') continue;
      if (form[field]) out[field] = form[field];
      else missing.push(`  - ${part}.${id}.${field} is missing; expected the ${locale} form of "${english}"`);
    }
    return out as unknown as T;
  };
  const each = <T extends object>(part: keyof typeof wordFields, record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).map(([id, item]) => [id, translate(part, id, item)]));
  const localized: DataPractices = {
    ...practices,
    purposes: each('purposes', practices.purposes),
    never: each('never', practices.never),
    recipients: each('recipients', practices.recipients),
    consents: each('consents', practices.consents),
    retention: each('retention', practices.retention),
    data: practices.data.map((entry) => translate('data', entry.id, entry)),
  };
  if (missing.length)
    throw new DataPracticesError(
      `Missing ${locale} words in ${file}, for the ${locale} legal pages:\n${missing.join('\n')}`,
    );
  return localized;
}
