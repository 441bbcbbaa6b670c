/**
 * Where a legal page's parts live and what its links say, for pages, components and tests alike. The pages
 * themselves are the Markdown files of src/content/legal/ (pages.node.ts); pages read them from the collection.
 */
import type { LegalPage } from '../record/frontMatter.ts';
import { localeCodeForm } from '../host.ts';

/**
 * What a visitor most often comes to a legal page to do, each a link at the top of every legal page to the section
 * that does it, on whichever page it lives. The sections are required ones (sections.ts), so no link can dangle;
 * each link's label is the `legal` word of its `word` (src/content/i18n/<locale>/words.yaml).
 */
export const quickActions = [
  { word: 'stopTexts', kind: 'terms', anchor: 'stop' },
  { word: 'deleteAccount', kind: 'delete-account', anchor: 'in-the-app' },
  { word: 'getCopy', kind: 'privacy', anchor: 'access-and-correction' },
  { word: 'reportSomeone', kind: 'guidelines', anchor: 'report-and-block' },
] as const;

/**
 * The key of a page's record in approvals.yaml and versions/: its kind for English (`privacy`), and the kind and the
 * language for a translation (`privacy.es`), which is approved and kept like a page of its own.
 */
export const recordKey = (kind: string, locale: string = 'en') => (locale === 'en' ? kind : `${kind}.${locale}`);

/**
 * A record key as `npm run legal:approve` names it: `privacy`, or `privacy --locale es` for `privacy.es` (and
 * `privacy --locale pt-BR` for `privacy.pt-BR`).
 */
export const approveArgs = (key: string) =>
  key.replace(new RegExp(`^([a-z0-9-]+)\\.(${localeCodeForm})$`), '$1 --locale $2');

/** `terms@2026-11-25`: what the app records with an SMS opt-in, and what the pages show. */
export const versionId = (kind: string, version: string) => `${kind}@${version}`;

/**
 * Where a page's history and its approved versions live: under /legal/<kind>/, never below the page's own address,
 * so no page's address is also a folder (a folder-first host would answer /privacy with a redirect to /privacy/).
 */
export const historyPath = (kind: string) => `/legal/${kind}/history`;
export const versionPath = (kind: string, version: string) => `/legal/${kind}/${version}`;

/** "Tablemates Privacy": the browser title of a legal page (docs/requirements.md#privacy-sections). */
export const legalTitle = (productName: string, page: Pick<LegalPage, 'titleWord'>) =>
  `${productName} ${page.titleWord}`;
