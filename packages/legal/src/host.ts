/**
 * What the legal record takes from the site that hosts it, in one place: its config's type, its app's feature
 * switches, its languages' addresses and its rules for raw HTML in words. No other module of the package imports the
 * site (ESLint holds it); Node-only parts are in host.node.ts.
 */
export type { SiteConfig } from '../../../src/config/index.ts';
export { featureNames, featureValues, withFeatures, type Feature, type Features } from '../../../src/lib/features.ts';
export { defaultLocale, formatDate, localeCodeForm, localeOf, localePath, type Locale } from '../../../src/lib/i18n.ts';
export { allowedMarkup, legalMarkup, rawHtmlIn, rawHtmlInTexts, rawHtmlLines } from '../../../src/lib/rawHtml.ts';
export { routes } from '../../../src/lib/routes.ts';
export { tagDirection } from '../../../src/lib/direction.ts';
