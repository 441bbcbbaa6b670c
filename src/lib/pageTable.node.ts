/**
 * Which page exists in which language: the one answer that the routes' getStaticPaths, the head's hreflang links, the
 * language switcher and the sitemap all read. English is the source, at today's addresses; every other published
 * language (the config's `languages`) has the home, support, invite and 404 pages, and the legal pages it has a
 * translation of (src/content/i18n/<locale>/legal/), under `/<locale>/`.
 */
import type { SiteConfig } from '../config/index.ts';
import { defaultLocale, localePath, type Locale } from './i18n.ts';
import { legalPages, translationSources } from './legal/pages.node.ts';
import { routes } from './routes.ts';

export interface SitePage {
  /** Its English address, which names it: `/`, `/privacy`, `/join`. */
  path: string;
  /** Its address in each language it exists in, English first. */
  paths: Record<Locale, string>;
  /** Whether search engines may list it: then its pairs are hreflang links and sitemap alternates too. */
  indexed: boolean;
  /** Where the language switcher goes instead of `paths` (the 404 page: each language's home). */
  switchTo?: Record<Locale, string>;
  /** A legal page's kind (`privacy`). */
  kind?: string;
}

const inEach = (languages: readonly Locale[], path: string) =>
  Object.fromEntries(languages.map((locale) => [locale, localePath(locale, path)]));

export function pageTable(config: Pick<SiteConfig, 'languages' | 'invitePath'>): SitePage[] {
  const { languages } = config;
  const translated = new Map(
    languages.map((locale) => [
      locale,
      new Set(locale === defaultLocale ? [] : translationSources(locale).map(({ kind }) => kind)),
    ]),
  );
  const page = (path: string, indexed = true, only = languages): SitePage => ({
    path,
    paths: inEach(only, path),
    indexed,
  });
  return [
    page(routes.home),
    page(routes.support),
    ...(config.invitePath ? [page(config.invitePath, false)] : []),
    { ...page('/404', false), switchTo: inEach(languages, routes.home) },
    ...legalPages().map(({ kind, path }) => ({
      ...page(
        path,
        true,
        languages.filter((locale) => locale === defaultLocale || translated.get(locale)!.has(kind)),
      ),
      kind,
    })),
  ];
}

/** The page at `path` (an address as the site links it, in any language), if the table has it. */
export const sitePageAt = (table: SitePage[], path: string) =>
  table.find(({ paths }) => Object.values(paths).includes(path));

/**
 * The `locale` parameter of a route under src/pages/[...locale]/ for each language the page at English `path` exists
 * in: none for English (its unprefixed address), the code for the others.
 */
export const localeParams = (config: Pick<SiteConfig, 'languages' | 'invitePath'>, path: string) =>
  Object.keys(sitePageAt(pageTable(config), path)?.paths ?? {}).map((locale) => ({
    locale: locale === defaultLocale ? undefined : locale,
  }));
