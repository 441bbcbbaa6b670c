/**
 * An address once published keeps answering (docs/legal-pages.md, "Moving a page to a new address"): store listings,
 * SMS registrations and texts already sent print a legal page's address, so a page whose `path` changed leads there
 * from every address it had, on every host (src/lib/hostFiles.node.ts writes the rules).
 *
 * Why the front matter lists them (`formerPaths`) and the record checks the list: the owner states a move where the
 * move is made, in the diff a reviewer reads, and it covers every language by its prefix, and approvals made before
 * the record kept addresses (their address is unknown). The record is what cannot forget: from now on every approval
 * keeps the address it was published at (`path` in approvals.yaml and its frozen copy), and an address it recorded
 * that is neither the page's `path` nor listed stops the build, so no move goes unstated.
 */
import { approvalsFile, type Approvals } from '../record/approvals.node.ts';
import type { Move } from './movedRules.ts';
import { legalDir, legalPageOf, legalSources, LegalTextError, translationSources } from './pages.node.ts';
import { recordKey, versionId } from './pages.ts';
import { type SiteConfig, defaultLocale, localeOf, localePath, type Locale } from '../host.ts';

/** A legal page as published in one language: where it is now and where it was. */
export interface PublishedLegalPage {
  /** Its record's key: `privacy`, `privacy.es`. */
  key: string;
  /** The Markdown file that holds `path` and `formerPaths` (the English one: a translation follows it). */
  file: string;
  locale: Locale;
  /** Its address now, in its language (`/es/privacy`). */
  path: string;
  /** Its former addresses, in its language. */
  formerPaths: string[];
  /** Its title, the link's words on the page left at a former address. */
  title: string;
}

/**
 * Every former address of `pages`, each leading to its page's address now. Stops, naming the file and the field, on an
 * address the record says a page was published at that is neither its `path` nor in its `formerPaths`, and on a former
 * address that another page answers now (`others`: the site's other pages, by address) or that two pages list.
 */
export function legalMoves(pages: PublishedLegalPage[], approvals: Approvals, others: string[] = []): Move[] {
  const stop = (problem: string): never => {
    throw new LegalTextError(`${problem} (docs/legal-pages.md, "Moving a page to a new address")`);
  };
  const current = new Map(pages.map((page) => [page.path, page]));
  const listed = new Map<string, PublishedLegalPage>();
  for (const page of pages) {
    for (const approval of approvals[page.key] ?? []) {
      if (approval.path && approval.path !== page.path && !page.formerPaths.includes(approval.path))
        stop(
          `${page.file}: ${versionId(page.key, approval.version)} was published at ${approval.path} (${approvalsFile}), but the page's path is now ${page.path} and its formerPaths do not list ${approval.path}; expected formerPaths: [${localeOf(approval.path, [page.locale]).path}], so that address keeps leading to the page`,
        );
    }
    for (const from of page.formerPaths) {
      const there = current.get(from);
      if (there)
        stop(
          `${page.file}: formerPaths lists ${from}, the address of ${there.key} now (${there.file}, path); expected the addresses ${page.key} was published at before, none that a page answers now`,
        );
      if (others.includes(from))
        stop(
          `${page.file}: formerPaths lists ${from}, which another page of the site answers; expected an address no page uses now`,
        );
      const other = listed.get(from);
      if (other && other.key !== page.key)
        stop(
          `${page.file}: formerPaths lists ${from}, which ${other.file} lists too (${other.key}); expected each former address to lead to one page`,
        );
      listed.set(from, page);
    }
  }
  return pages.flatMap(({ formerPaths, path, title, locale }) =>
    [...new Set(formerPaths)].map((from) => ({ from, to: path, title, locale })),
  );
}

/** The legal pages published by `config`, in each of its languages, as legalMoves reads them. */
export function publishedLegalPages({
  languages,
  features,
}: Pick<SiteConfig, 'languages' | 'features'>): PublishedLegalPage[] {
  return languages.flatMap((locale) =>
    (locale === defaultLocale ? legalSources(features) : translationSources(locale, features)).map((source) => {
      const page = legalPageOf(source);
      return {
        key: recordKey(source.kind, locale),
        file: `${legalDir}/${source.kind}.md`,
        locale,
        path: page.path,
        formerPaths: (page.formerPaths ?? []).map((path) => localePath(locale, path)),
        title: source.data.title,
      };
    }),
  );
}
