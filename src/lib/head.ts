/**
 * The head tags every page carries (description, canonical URL, Open Graph, Twitter card, theme colour, legal
 * links, icons, manifest), built in one place. A page passes overrides; a tag with the same key replaces the
 * default instead of being added twice.
 */
import type { SiteConfig } from '../config/index.ts';
import { defaultLocale, localeOf, localePath, type Locale } from './i18n.ts';
import type { LegalPage } from 'legal-record';
import { colors } from './theme.ts';

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export interface PageHead {
  title: string;
  description: string;
  /** The page's path, like `/privacy`: the canonical and Open Graph URLs are built from it. */
  path: string;
  /** The page's language (`og:locale`); English by default. */
  locale?: Locale;
  /**
   * The page's address in each language it exists in, its own included: one `<link rel="alternate" hreflang>` each
   * and `x-default` (English), absolute; `og:locale:alternate` for the others. Fewer than two: none.
   */
  alternates?: Record<Locale, string>;
  /** The Open Graph locale of the page's language and of each alternate's (`language.ogLocale` of its words). */
  ogLocales?: Record<Locale, string>;
  /** The tagline in the page's language (`landing.tagline` of its words), which the social card's alt text says. */
  tagline?: string;
}

export const themeColor = colors.espresso;

/**
 * The social card (1200x630) of each language, in its words, rendered at build by src/pages/social-card.png.ts
 * (English, `/social-card.png`) and src/pages/[locale]/social-card.png.ts (`/es/social-card.png`).
 */
export const socialCard = { width: 1200, height: 630 } as const;
export const socialCardPath = (locale: Locale = defaultLocale) => localePath(locale, '/social-card.png');

/** `https://example.com` + `/privacy` */
export const absoluteUrl = (config: Pick<SiteConfig, 'siteUrl'>, path: string) => new URL(path, config.siteUrl).href;

/**
 * The public address of a built page: `/privacy.html` is served and linked as `/privacy`, `/index.html` as `/`. A
 * language's home keeps its slash (`/es/`): it is its folder's index, which every host serves without a redirect.
 */
export function publicPath(path: string, languages: readonly Locale[]): string {
  const page = path.replace(/(index)?\.html$/, '').replace(/(.)\/$/, '$1') || '/';
  return page !== '/' && localeOf(page, languages).path === '/' ? `${page}/` : page;
}

/** The numeric App Store id from the listing URL (`.../id1234567890`), for the smart app banner. */
export function appStoreId(appStoreUrl: string): string | undefined {
  return /\/id(\d+)/.exec(appStoreUrl)?.[1];
}

/** What makes two tags "the same" tag: a later one with the same key replaces the earlier one. */
function keyOf({ tag, attrs }: HeadTag): string {
  // A page has one og:locale:alternate, and one alternate link, per other language.
  if (attrs.property === 'og:locale:alternate') return `meta:og:locale:alternate:${attrs.content}`;
  if (tag === 'meta') return `meta:${attrs.name ?? attrs.property ?? attrs['http-equiv'] ?? JSON.stringify(attrs)}`;
  return `link:${attrs.rel}:${attrs.sizes ?? ''}:${attrs.type ?? ''}:${attrs.hreflang ?? ''}`;
}

/** Merges tag lists in order; later tags replace earlier ones with the same key, keeping the first one's place. */
export function mergeHeadTags(...lists: HeadTag[][]): HeadTag[] {
  const merged = new Map<string, HeadTag>();
  for (const tag of lists.flat()) merged.set(keyOf(tag), tag);
  return [...merged.values()];
}

const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
  tag: 'meta',
  attrs: { [key]: name, content },
});
const link = (attrs: Record<string, string>): HeadTag => ({ tag: 'link', attrs });

/** `legal`: the legal pages, each with a `rel` linked from every page's head. */
export function defaultHeadTags(
  config: SiteConfig,
  page: PageHead,
  legal: Pick<LegalPage, 'path' | 'rel'>[] = [],
): HeadTag[] {
  const url = absoluteUrl(config, publicPath(page.path, config.languages));
  const ogLocales = page.ogLocales ?? {};
  const ogLocale = ogLocales[page.locale ?? defaultLocale];
  // The card and its alt text in the page's language: its own tagline (the config's is the English one).
  const image = absoluteUrl(config, socialCardPath(page.locale));
  const imageAlt = `${config.productName}: ${page.tagline ?? config.tagline}`;
  const appId = appStoreId(config.appStoreUrl);
  return [
    meta('name', 'description', page.description),
    link({ rel: 'canonical', href: url }),
    meta('name', 'theme-color', themeColor),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', config.productName),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(socialCard.width)),
    meta('property', 'og:image:height', String(socialCard.height)),
    meta('property', 'og:image:alt', imageAlt),
    ...(ogLocale ? [meta('property', 'og:locale', ogLocale)] : []),
    ...languageTags(config, page.locale ?? defaultLocale, page.alternates, ogLocales),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    ...(appId ? [meta('name', 'apple-itunes-app', `app-id=${appId}`)] : []),
    ...legal.flatMap(({ rel, path }) => (rel ? [link({ rel, href: path })] : [])),
    link({ rel: 'icon', href: '/favicon.ico', sizes: '32x32' }),
    link({ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
    link({ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }),
    link({ rel: 'manifest', href: '/manifest.webmanifest' }),
  ];
}

/** The hreflang links and `og:locale:alternate` tags of a page in `locale` with these `alternates` (PageHead). */
export function languageTags(
  config: Pick<SiteConfig, 'siteUrl' | 'languages'>,
  locale: Locale,
  alternates: Record<Locale, string> = {},
  ogLocales: Record<Locale, string> = {},
): HeadTag[] {
  const pairs = Object.entries(alternates) as [Locale, string][];
  if (pairs.length < 2) return [];
  const english = alternates[defaultLocale];
  return [
    ...pairs.map(([hreflang, path]) =>
      link({ rel: 'alternate', hreflang, href: absoluteUrl(config, publicPath(path, config.languages)) }),
    ),
    ...(english
      ? [
          link({
            rel: 'alternate',
            hreflang: 'x-default',
            href: absoluteUrl(config, publicPath(english, config.languages)),
          }),
        ]
      : []),
    ...pairs
      .filter(([other]) => other !== locale)
      .flatMap(([other]) => (ogLocales[other] ? [meta('property', 'og:locale:alternate', ogLocales[other])] : [])),
  ];
}
