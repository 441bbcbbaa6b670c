/**
 * The data-practices facts in another language, for that language's legal pages: each entry's words (label, detail,
 * group, short, keeps, why, withdraw, reason, and what it is never used for) replaced by the forms written beside them in data-practices.yaml (`es:`).
 * Every other field, and so every fact, stays the one typed once. A field the entry has in English but not in the
 * language stops the build, naming the entry and the field: no English is filled into a translated page.
 */
import type { Locale } from '../i18n.ts';
import { DataPracticesError, type DataPractices } from './practices.ts';

/** The fields of each part of the file that readers read, and so that each language gives. */
const wordFields = {
  purposes: ['label', 'short'],
  never: ['label'],
  recipients: ['label', 'why', 'keeps'],
  consents: ['label', 'withdraw'],
  retention: ['label', 'reason'],
  data: ['label', 'detail', 'group'],
} as const;

type Translated = Partial<Record<string, string>> & Record<string, unknown>;

/**
 * `practices` with its words in `locale`; English returns it as is. Throws a DataPracticesError naming each entry and
 * field whose form in `locale` is missing, with the English it should translate.
 */
export function localizePractices(practices: DataPractices, locale: Locale, file: string): DataPractices {
  if (locale === 'en') return practices;
  const missing: string[] = [];
  const translate = <T extends object>(where: string, item: T, fields: readonly string[]): T => {
    const source = item as unknown as Translated;
    const forms = (source[locale] ?? {}) as Partial<Record<string, string>>;
    const out: Translated = { ...source };
    for (const field of fields) {
      const english = source[field];
      // `keeps: false` and absent fields have no words to translate.
      if (typeof english !== 'string') continue;
      const form = forms[field];
      if (form) out[field] = form;
      else
        missing.push(`  - ${where}, field ${locale}.${field} is missing; expected the ${locale} form of "${english}"`);
    }
    return out as unknown as T;
  };
  const each = <T extends object>(part: keyof typeof wordFields, record: Record<string, T>) =>
    Object.fromEntries(
      Object.entries(record).map(([id, item]) => [id, translate(`${part}.${id}`, item, wordFields[part])]),
    );
  const localized: DataPractices = {
    ...practices,
    purposes: each('purposes', practices.purposes),
    never: each('never', practices.never),
    recipients: each('recipients', practices.recipients),
    consents: each('consents', practices.consents),
    retention: each('retention', practices.retention),
    data: practices.data.map((entry) => translate(`data entry "${entry.id}"`, entry, wordFields.data)),
  };
  if (missing.length)
    throw new DataPracticesError(
      `Missing ${locale} words in ${file} (each entry's \`${locale}:\` beside its English, for the ${locale} legal pages):\n${missing.join('\n')}`,
    );
  return localized;
}
