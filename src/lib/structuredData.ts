/** schema.org JSON-LD of the landing page, generated from config so it never disagrees with the page. */
import { googlePlayUrl } from './appLinks.ts';
import type { SiteConfig } from '../config/index.ts';
import { defaultLocale, type Locale } from './i18n.ts';

export function organization(config: SiteConfig) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.productName,
    legalName: config.legalEntity,
    url: config.siteUrl,
    email: config.contactEmail,
    logo: new URL('/icons/512.png', config.siteUrl).href,
    sameAs: config.social.map((network) => network.url),
  };
}

/**
 * The app on iOS, and on Android too when `androidPackage` is set (then each URL is a list: App Store, Google Play),
 * described in the page's language (`tagline`: the landing words' own).
 */
export function mobileApplication(
  config: SiteConfig,
  { locale = defaultLocale, tagline = config.tagline }: { locale?: Locale; tagline?: string } = {},
) {
  const listings = config.androidPackage
    ? { operatingSystem: 'iOS, Android', urls: [config.appStoreUrl, googlePlayUrl(config.androidPackage)] }
    : { operatingSystem: 'iOS', urls: config.appStoreUrl };
  return {
    '@context': 'https://schema.org',
    '@type': 'MobileApplication',
    name: config.productName,
    operatingSystem: listings.operatingSystem,
    applicationCategory: 'LifestyleApplication',
    description: `${tagline}.`,
    inLanguage: locale,
    installUrl: listings.urls,
    downloadUrl: listings.urls,
    publisher: { '@type': 'Organization', name: config.productName, url: config.siteUrl },
  };
}

/** A legal page (its dates are the document's effective and last-updated dates) or the support page. */
export function webPage(
  config: SiteConfig,
  page: { name: string; path: string; published?: string; modified?: string; locale?: Locale },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.name,
    url: new URL(page.path, config.siteUrl).href,
    inLanguage: page.locale ?? defaultLocale,
    datePublished: page.published,
    dateModified: page.modified,
    isPartOf: { '@type': 'WebSite', name: config.productName, url: config.siteUrl },
    publisher: { '@type': 'Organization', name: config.legalEntity },
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so the text can never close the script element. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
