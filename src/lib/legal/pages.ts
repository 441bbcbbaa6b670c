/**
 * The two legal pages as data: one route file (src/pages/[legal].astro) renders both from this table, and the links
 * to them (landing page, footer, the other legal page) take their labels from here.
 */
import { routes } from '../routes.ts';

export type LegalPageKind = 'privacy' | 'terms';

export interface LegalPage {
  kind: LegalPageKind;
  path: string;
  /** What the browser title adds after the product name (specification: "Privacy", "Terms"). */
  titleWord: string;
  /** The label of links to the page. */
  linkLabel: string;
  /** The page's meta description, given the product name. */
  description: (productName: string) => string;
  /** The other legal page, linked from the top and the end of this one. */
  other: LegalPageKind;
}

export const legalPages: Record<LegalPageKind, LegalPage> = {
  privacy: {
    kind: 'privacy',
    path: routes.privacy,
    titleWord: 'Privacy',
    linkLabel: 'Privacy Policy',
    description: (productName) => `How ${productName} handles your data.`,
    other: 'terms',
  },
  terms: {
    kind: 'terms',
    path: routes.terms,
    titleWord: 'Terms',
    linkLabel: 'Terms of Service',
    description: (productName) => `The terms of the text messages ${productName} sends.`,
    other: 'privacy',
  },
};

/** "Tablemates Privacy": the specification's browser title of a legal page. */
export const legalTitle = (productName: string, kind: LegalPageKind) => `${productName} ${legalPages[kind].titleWord}`;
