/**
 * Which page exists in which language: the one answer that the routes' getStaticPaths, the head's hreflang links, the
 * language switcher and the sitemap all read. English is the source, at today's addresses; every other published
 * language (the config's `languages`) has the home, support, invite and 404 pages, and the legal pages it has a
 * translation of (its folder's legal/), under `/<locale>/`.
 */
import type { SiteConfig } from '../config/index.ts';
import { defaultLocale, localePath, type Locale } from './i18n.ts';
import {
  legalMoves,
  legalPages,
  legalSourcesStamp,
  publishedLegalPages,
  readApprovals,
  translationSources,
} from 'legal-record';
import { routes } from './routes.ts';

export interface SitePage {
  /** Its address in each language it exists in, English first. */
  paths: Record<Locale, string>;
  /** Whether search engines may list it: then its pairs are hreflang links and sitemap alternates too. */
  indexed: boolean;
  /** Where the language switcher goes instead of `paths` (the 404 page: each language's home). */
  switchTo?: Record<Locale, string>;
  /** A legal page's kind (`privacy`). */
  kind?: string;
}

/** The config a page table is made from: a legal page of a feature switched off has no address (legalSources). */
type TableConfig = Pick<SiteConfig, 'languages' | 'invitePath' | 'features'>;

const tables = new WeakMap<TableConfig, { stamp: string; table: SitePage[] }>();

/** The table for a config, made once while the legal files are unchanged (every page and the sitemap ask for it). */
export function pageTable(config: TableConfig): SitePage[] {
  const stamp = legalSourcesStamp(config.languages);
  const held = tables.get(config);
  if (held?.stamp === stamp) return held.table;
  const table = tableOf(config);
  tables.set(config, { stamp, table });
  return table;
}

function tableOf({ languages, invitePath, features }: TableConfig): SitePage[] {
  const inEach = (path: string, only = languages) =>
    Object.fromEntries(only.map((locale) => [locale, localePath(locale, path)]));
  const translated = languages.map((locale) => ({
    locale,
    kinds: locale === defaultLocale ? [] : translationSources(locale, features).map(({ kind }) => kind),
  }));
  return [
    { paths: inEach(routes.home), indexed: true },
    { paths: inEach(routes.support), indexed: true },
    ...(invitePath ? [{ paths: inEach(invitePath), indexed: false }] : []),
    { paths: inEach('/404'), indexed: false, switchTo: inEach(routes.home) },
    ...legalPages(features).map(({ kind, path }) => ({
      kind,
      indexed: true,
      paths: inEach(
        path,
        translated.filter(({ locale, kinds }) => locale === defaultLocale || kinds.includes(kind)).map((t) => t.locale),
      ),
    })),
  ];
}

/** The page at `path` (an address as the site links it, in any language), if the table has it. */
export const sitePageAt = (table: SitePage[], path: string) =>
  table.find(({ paths }) => Object.values(paths).includes(path));

/** The `locale` parameter of a route under src/pages/[...locale]/: none for English, whose addresses have no prefix. */
export const localeParam = (locale: Locale) => (locale === defaultLocale ? undefined : locale);

/** The `locale` parameters of the page at English `path`: one per language it exists in. */
export const localeParams = (config: TableConfig, path: string) =>
  Object.keys(sitePageAt(pageTable(config), path)?.paths ?? {}).map((locale) => ({ locale: localeParam(locale) }));

/** The legal pages' former addresses in the build of `config`, checked against the record and every page's address now. */
export function siteLegalMoves(config: TableConfig, approvals = readApprovals()) {
  const others = pageTable(config).flatMap((page) => (page.kind ? [] : Object.values(page.paths)));
  return legalMoves(publishedLegalPages(config), approvals, others);
}
