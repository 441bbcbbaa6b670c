/**
 * The legal pages as data. Adding one is this list's entry plus its Markdown file (src/content/legal/<kind>.md): the
 * route (src/pages/[legal].astro), the sitemap, the footer and call-to-action links, the links between the legal
 * pages, the head's `<link rel>` and the build's compliance check all read this list.
 */
import { routes } from '../routes.ts';

/** The Markdown file's name in src/content/legal, without `.md`: a typo is a type error. */
export type LegalPageKind = 'privacy' | 'terms' | 'guidelines' | 'terms-of-use' | 'health-data';

export interface LegalPage {
  kind: LegalPageKind;
  path: string;
  /** What the browser title adds after the product name (docs/requirements.md#privacy-sections: "Privacy", "Terms"); the h1 contains it. */
  titleWord: string;
  /** The label of links to the page. */
  linkLabel: string;
  /** The page's meta description, given the product name. */
  description: (productName: string) => string;
  /** Linked from the hero's call to action too, not only the footer (docs/requirements.md#call-to-action). */
  inCallToAction?: boolean;
  /** A `<link rel>` for every page's head, where the web has a name for the kind of page. */
  rel?: 'privacy-policy' | 'terms-of-service';
}

export const legalPages: LegalPage[] = [
  {
    kind: 'privacy',
    path: routes.privacy,
    titleWord: 'Privacy',
    linkLabel: 'Privacy Policy',
    description: (productName) => `How ${productName} handles your data.`,
    inCallToAction: true,
    rel: 'privacy-policy',
  },
  {
    kind: 'terms',
    path: routes.terms,
    titleWord: 'Terms',
    linkLabel: 'Terms of Service',
    description: (productName) => `The terms of the text messages ${productName} sends.`,
    inCallToAction: true,
    rel: 'terms-of-service',
  },
  {
    kind: 'guidelines',
    path: routes.guidelines,
    titleWord: 'Guidelines',
    linkLabel: 'Community Guidelines',
    description: (productName) => `What may be posted on ${productName}, and how to report and block.`,
  },
  // Not the SMS terms above: the agreement for using the app, accepted in it before a user posts (App Review 1.2).
  {
    kind: 'terms-of-use',
    path: routes.termsOfUse,
    titleWord: 'Terms of Use',
    linkLabel: 'App Terms of Use',
    description: (productName) =>
      `The agreement for using the ${productName} app: who may use it, what you post, the rules.`,
  },
  // Washington's My Health My Data Act and Nevada's law like it: a separate policy, linked from the homepage.
  {
    kind: 'health-data',
    path: routes.healthData,
    titleWord: 'Health Data',
    linkLabel: 'Consumer Health Data Privacy Policy',
    description: (productName) => `How ${productName} handles dietary restrictions that can reveal your health.`,
  },
];

/**
 * What a visitor most often comes to a legal page to do, each a link at the top of every legal page to the section
 * that does it, on whichever page it lives. The sections are required ones (sections.ts), so no link can dangle.
 */
export const quickActions = [
  { label: 'Stop texts', kind: 'terms', anchor: 'stop' },
  { label: 'Delete your account', kind: 'privacy', anchor: 'delete-account' },
  { label: 'Get a copy of your data', kind: 'privacy', anchor: 'access-and-correction' },
  { label: 'Report someone', kind: 'guidelines', anchor: 'report-and-block' },
] as const;

export const legalPage = (kind: LegalPageKind) => legalPages.find((page) => page.kind === kind)!;

/** A page route's static paths: one per legal page, its address as the `legal` parameter. */
export const legalPaths = () =>
  legalPages.map((page) => ({ params: { legal: page.path.replace(/^\//, '') }, props: { page } }));

/**
 * Where a page's history and its approved versions live: under /legal/<kind>/, never below the page's own address,
 * so no page's address is also a folder (a folder-first host would answer /privacy with a redirect to /privacy/).
 */
export const historyPath = (kind: LegalPageKind) => `/legal/${kind}/history`;
export const versionPath = (kind: LegalPageKind, version: string) => `/legal/${kind}/${version}`;

/** The legal pages other than `kind`, linked from its top and its end. */
export const otherLegalPages = (kind: LegalPageKind) => legalPages.filter((page) => page.kind !== kind);

/** "Tablemates Privacy": the browser title of a legal page (docs/requirements.md#privacy-sections). */
export const legalTitle = (productName: string, kind: LegalPageKind) => `${productName} ${legalPage(kind).titleWord}`;
