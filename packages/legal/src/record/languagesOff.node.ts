/**
 * A language turned off (dropped from `languages` in site.config.ts, its folder kept, emptied or deleted) takes its
 * legal pages off the site, approved versions and all. The legal record keeps them (approvals.yaml and
 * versions/<page>.<code>/), and the build says which leave (docs/languages.md#turn-a-language-off): turning a language
 * off is allowed, so it warns, never stops.
 */
import { approvalsFile, frozenFile, type Approvals } from './approvals.node.ts';
import { versionId } from '../addresses/pages.ts';

/** An approved version the site no longer publishes: its id, its language and its frozen copy. */
export interface VersionOffSite {
  id: string;
  locale: string;
  file: string;
}

/** The language of a record key: `es` for `privacy.es`, English for `privacy`. */
const localeOfKey = (key: string) => (key.includes('.') ? key.split('.').pop()! : 'en');

/** Each approved version of the record in a language that `languages` leaves out, in the record's order. */
export const versionsOffSite = (approvals: Approvals, languages: readonly string[]): VersionOffSite[] =>
  Object.entries(approvals).flatMap(([key, list = []]) =>
    languages.includes(localeOfKey(key))
      ? []
      : list.map(({ version }) => ({
          id: versionId(key, version),
          locale: localeOfKey(key),
          file: frozenFile(key, version),
        })),
  );

/** The build's warning: each version leaving the site and where the record keeps it; undefined when none leaves. */
export function offSiteReport(versions: VersionOffSite[]): string | undefined {
  if (!versions.length) return undefined;
  const locales = [...new Set(versions.map(({ locale }) => locale))];
  const [one, names] = [locales.length === 1, locales.join(', ')];
  const count =
    versions.length === 1 ? '1 approved legal version leaves' : `${versions.length} approved legal versions leave`;
  return [
    `${names} ${one ? 'is' : 'are'} not in languages (site.config.ts): ${count} the site, kept in the legal record (${approvalsFile}):`,
    ...versions.map(({ id, file }) => `  - ${id}: ${file}`),
    `To publish them again, add ${names} back to languages, with ${one ? 'its folder' : 'their folders'} (docs/languages.md#turn-a-language-off).`,
  ].join('\n');
}
