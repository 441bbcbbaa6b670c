/**
 * What the two legal pages must say, and where, as data: the rows of docs/legal-checklist.md turned into clauses that
 * rules.ts looks for in the built pages. Every clause has a `key`; the checklist names the key that guards each of its
 * rows, and a unit test keeps the two lists equal. The legal text itself lives in src/content/legal.
 *
 * Phrases match as whole words, case-insensitively (`keywords` match in exact case: reply words are written in
 * capitals), inside the section or sub-section the clause belongs to, never in its heading or the summary box.
 */
import type { SiteConfig } from '../config.ts';
import type { LegalPageKind } from './pages.ts';

/** The config values clauses quote. */
export type ClauseValues = Pick<
  SiteConfig,
  | 'productName'
  | 'legalEntity'
  | 'legalAddress'
  | 'contactEmail'
  | 'otpCodesPerHour'
  | 'accountDeletionDays'
  | 'monitoringRetentionDays'
  | 'aiProvider'
  | 'placesProvider'
> & {
  /** The site's host (`example.com`), which the domain-bound line of a code message names. */
  siteHost: string;
};

/** A fixed phrase, or one that quotes config values. */
export type Phrase = string | ((values: ClauseValues) => string);

export interface SectionClause {
  id: string;
  /** What reviewers call it; shown when it is missing. */
  name: string;
}

export interface SubSectionClause extends SectionClause {
  /** The top-level section it belongs in. */
  within: string;
}

export interface RequiredClause {
  /** Stable key; docs/legal-checklist.md names it in the row it guards. */
  key: string;
  /** What reviewers call it; the build's message names it. */
  name: string;
  /** The section, sub-section or body element (by id) the clause must be in. */
  within: string;
  /** Whole-word phrases, case-insensitive, all required. */
  phrases?: Phrase[];
  /** Whole words in exact case, all required. */
  keywords?: string[];
  /** Words that must be shown in bold (`<strong>`). */
  bold?: string[];
  /** Links the part must hold: to the other legal pages, or a mail link to the configured address. */
  links?: ('privacy' | 'terms' | 'mailto')[];
}

/** A sentence that must never appear in the body. */
export interface ForbiddenSentence {
  key: string;
  name: string;
  pages: LegalPageKind[];
  /** The sentence is forbidden when every pattern matches it... */
  matches: RegExp[];
  /** ...unless it is negated ("we do not sell"), when this is set. */
  unlessNegated?: boolean;
}

/** The top-level sections, in exactly the specification's order (section 2: "Privacy Policy page", "Terms ..."). */
export const legalSections: Record<LegalPageKind, SectionClause[]> = {
  privacy: [
    { id: 'introduction', name: 'introduction' },
    { id: 'information-we-collect', name: 'what is collected' },
    { id: 'how-we-use-information', name: 'how it is used' },
    { id: 'content-ownership', name: 'content ownership and rights' },
    { id: 'data-sharing', name: 'data sharing' },
    { id: 'security', name: 'security' },
    { id: 'retention', name: 'retention' },
    { id: 'policy-updates', name: 'policy updates' },
    { id: 'contact', name: 'questions with a contact email' },
  ],
  terms: [
    { id: 'acceptance', name: 'acceptance' },
    { id: 'purpose-and-scope', name: 'purpose and scope' },
    { id: 'opt-in-and-consent', name: 'opt-in and consent' },
    { id: 'message-frequency', name: 'message frequency' },
    { id: 'opt-out', name: 'opt-out' },
    { id: 'liability', name: 'liability' },
    { id: 'security', name: 'security' },
    { id: 'changes', name: 'changes' },
    { id: 'governing-law', name: 'governing law' },
  ],
};

/** The checklist's extra clauses, each a sub-section with a stable id inside the section where it belongs. */
export const legalSubSections: Record<LegalPageKind, SubSectionClause[]> = {
  privacy: [
    { id: 'how-we-collect', name: 'how data is collected', within: 'information-we-collect' },
    { id: 'this-website', name: 'what the website stores and records', within: 'information-we-collect' },
    { id: 'children', name: 'children under 13', within: 'information-we-collect' },
    { id: 'do-not-track', name: 'the Do Not Track answer', within: 'how-we-use-information' },
    { id: 'california-minors', name: 'California users under 18 removing content', within: 'content-ownership' },
    { id: 'service-providers', name: 'service providers', within: 'data-sharing' },
    { id: 'other-users', name: 'other users', within: 'data-sharing' },
    { id: 'legal-requests', name: 'legal requests', within: 'data-sharing' },
    { id: 'business-transfer', name: 'business transfer', within: 'data-sharing' },
    { id: 'no-sale', name: 'no sale of personal data', within: 'data-sharing' },
    { id: 'no-marketing-sharing', name: 'no sharing for marketing', within: 'data-sharing' },
    { id: 'delete-account', name: 'account deletion', within: 'retention' },
    { id: 'your-choices', name: 'your choices and rights', within: 'retention' },
    { id: 'access-and-correction', name: 'reviewing and changing data', within: 'retention' },
    { id: 'us-state-rights', name: 'US state privacy rights', within: 'retention' },
    { id: 'global-privacy-control', name: 'Global Privacy Control', within: 'retention' },
    { id: 'eu-uk-rights', name: 'EU and UK rights', within: 'retention' },
    { id: 'material-changes', name: 'how material changes are announced', within: 'policy-updates' },
  ],
  terms: [
    { id: 'program', name: 'the program name', within: 'purpose-and-scope' },
    { id: 'message-types', name: 'what the messages are', within: 'purpose-and-scope' },
    { id: 'sample-messages', name: 'sample messages', within: 'purpose-and-scope' },
    { id: 'how-you-opt-in', name: 'how you opt in', within: 'opt-in-and-consent' },
    { id: 'privacy', name: 'link to the Privacy Policy', within: 'opt-in-and-consent' },
    { id: 'rates', name: 'message and data rates', within: 'message-frequency' },
    { id: 'stop', name: 'STOP to opt out', within: 'opt-out' },
    { id: 'opt-back-in', name: 'opting back in with START', within: 'opt-out' },
    { id: 'codes-in-progress', name: 'codes already requested', within: 'opt-out' },
    { id: 'help', name: 'HELP and a support email', within: 'opt-out' },
    { id: 'carriers', name: 'carriers not liable, delivery not guaranteed', within: 'liability' },
  ],
};

/** What the privacy policy must name as collected (specification sections 1 and 3; Apple 5.1.1(i)). */
export const collectedData = [
  'name',
  'email address',
  'phone number',
  'age',
  'student status',
  'food preferences',
  'dietary restrictions',
  'location',
  'search history',
  'app interactions',
  'photos',
  'videos',
  'reviews',
  'error reports',
  'session replays',
];

/** The reply words the FCC's revocation rule (47 CFR 64.1200(a)(10)) names; each must be honoured. */
export const revocationKeywords = ['STOP', 'QUIT', 'END', 'REVOKE', 'OPT OUT', 'CANCEL', 'UNSUBSCRIBE'];

export const requiredClauses: Record<LegalPageKind, RequiredClause[]> = {
  terms: [
    {
      key: 'terms.brand',
      name: 'the program name',
      within: 'program',
      phrases: [(v) => `${v.productName} account verification`],
    },
    {
      key: 'terms.use-case',
      name: 'what the messages are',
      within: 'message-types',
      phrases: ['one-time code', 'you asked for', 'sign-up', 'sign-in', 'verification'],
    },
    {
      key: 'terms.no-promotional',
      name: 'no marketing or promotional texts',
      within: 'message-types',
      phrases: ['we do not send marketing or promotional text messages'],
    },
    {
      key: 'terms.frequency',
      name: 'message frequency',
      within: 'message-frequency',
      phrases: ['only when you ask for one', (v) => `no more than ${v.otpCodesPerHour} codes per hour`],
    },
    {
      key: 'terms.rates',
      name: 'message and data rates',
      within: 'rates',
      phrases: ['Message and data rates may apply'],
    },
    {
      key: 'terms.not-a-condition',
      name: 'consent is not a condition of purchase',
      within: 'how-you-opt-in',
      phrases: ['not a condition of any purchase'],
    },
    {
      key: 'terms.consent-wording',
      name: 'the consent wording of the sign-up screen',
      within: 'consent-wording',
      phrases: [
        (v) => `${v.productName} account verification`,
        'one-time',
        'Message and data rates may apply',
        'Reply STOP to opt out',
        'HELP for help',
      ],
      links: ['terms', 'privacy'],
    },
    { key: 'terms.privacy-link', name: 'link to the Privacy Policy', within: 'privacy', links: ['privacy'] },
    {
      key: 'terms.no-marketing-sharing',
      name: 'opt-in data not shared for marketing',
      within: 'privacy',
      phrases: [
        'Mobile information, text-message opt-in data and consent will not be shared with third parties or affiliates for marketing or promotional purposes',
      ],
    },
    { key: 'terms.stop', name: 'STOP in bold', within: 'stop', bold: ['STOP'] },
    {
      key: 'terms.revocation-words',
      name: 'every opt-out word honoured',
      within: 'stop',
      keywords: revocationKeywords,
      phrases: ['in plain words'],
    },
    { key: 'terms.confirmation', name: 'one confirmation message', within: 'stop', phrases: ['one final message'] },
    {
      key: 'terms.opt-back-in',
      name: 're-subscribe with START or UNSTOP',
      within: 'opt-back-in',
      keywords: ['START', 'UNSTOP'],
    },
    {
      key: 'terms.codes-in-progress',
      name: 'STOP also stops codes',
      within: 'codes-in-progress',
      phrases: ['cannot be recalled', 'always stops every later message, including codes'],
    },
    { key: 'terms.help', name: 'HELP in bold and a support email', within: 'help', bold: ['HELP'], links: ['mailto'] },
    {
      key: 'terms.carriers',
      name: 'carriers not liable',
      within: 'carriers',
      phrases: ['Carriers are not liable for delayed or undelivered messages'],
    },
    { key: 'terms.delivery', name: 'delivery not guaranteed', within: 'carriers', phrases: ['not guaranteed'] },
    { key: 'terms.governing-law', name: 'governing law', within: 'governing-law', phrases: ['United States'] },
  ],
  privacy: [
    { key: 'privacy.terms-link', name: 'link to the Terms of Service', within: 'introduction', links: ['terms'] },
    { key: 'privacy.collected', name: 'what is collected', within: 'information-we-collect', phrases: collectedData },
    {
      key: 'privacy.how-collected',
      name: 'how data is collected',
      within: 'how-we-collect',
      phrases: ['directly from you', 'automatically', 'from your friends'],
    },
    {
      key: 'privacy.website-storage',
      name: 'what the website stores in the browser',
      within: 'this-website',
      phrases: ['sets no cookies', 'session id', 'sessionStorage'],
    },
    {
      key: 'privacy.monitoring',
      name: 'what monitoring records and how long it is kept',
      within: 'this-website',
      phrases: [
        'sample of visits',
        'every visit in which an error occurs',
        'masked',
        (v) => `kept for ${v.monitoringRetentionDays} days`,
      ],
    },
    { key: 'privacy.children', name: 'children under 13', within: 'children', phrases: ['under 13', 'delete it'] },
    {
      key: 'privacy.uses',
      name: 'how it is used',
      within: 'how-we-use-information',
      phrases: ['recommend', 'account', 'text message', 'errors', 'fraud'],
    },
    // In exact case: "we do not track you" is no Do Not Track answer.
    { key: 'privacy.do-not-track', name: 'Do Not Track', within: 'do-not-track', keywords: ['Do Not Track'] },
    {
      key: 'privacy.ownership',
      name: 'users keep ownership and grant a licence',
      within: 'content-ownership',
      phrases: ['keep ownership', 'licence', 'display and distribute'],
    },
    {
      key: 'privacy.california-minors',
      name: 'California users under 18 removing content',
      within: 'california-minors',
      phrases: ['under 18', 'California', 'remove content'],
    },
    {
      key: 'privacy.service-providers',
      name: 'service providers by kind, equally protected',
      within: 'service-providers',
      phrases: ['Text-message delivery', 'Hosting', 'Error monitoring', 'at least as well as this policy'],
    },
    {
      key: 'privacy.named-providers',
      name: 'the AI and places providers named',
      within: 'service-providers',
      phrases: [(v) => v.aiProvider, (v) => v.placesProvider],
    },
    { key: 'privacy.other-users', name: 'other users', within: 'other-users', phrases: ['other users'] },
    { key: 'privacy.legal-requests', name: 'legal requests', within: 'legal-requests', phrases: ['the law requires'] },
    {
      key: 'privacy.business-transfer',
      name: 'business transfer',
      within: 'business-transfer',
      phrases: ['merger', 'acquisition'],
    },
    {
      key: 'privacy.no-sale',
      name: 'no sale of personal data',
      within: 'no-sale',
      phrases: ['We do not sell', 'cross-context behavioural advertising'],
    },
    {
      key: 'privacy.no-marketing-sharing',
      name: 'no sharing for marketing',
      within: 'no-marketing-sharing',
      phrases: [
        'Mobile information, text-message opt-in data and consent will not be shared with third parties or affiliates for marketing or promotional purposes',
      ],
    },
    { key: 'privacy.security', name: 'security measures', within: 'security', phrases: ['encryption'] },
    {
      key: 'privacy.retention',
      name: 'deletion period',
      within: 'retention',
      phrases: [(v) => `within ${v.accountDeletionDays} days`, 'anonymised', 'longer'],
    },
    {
      key: 'privacy.delete-account',
      name: 'account deletion',
      within: 'delete-account',
      phrases: ['In the app', 'Delete account'],
      links: ['mailto'],
    },
    {
      key: 'privacy.revoke-consent',
      name: 'how to revoke consent',
      within: 'your-choices',
      phrases: ['withdraw a consent at any time', 'location access off', 'settings'],
      keywords: ['STOP'],
    },
    {
      key: 'privacy.access-correction',
      name: 'reviewing and changing data',
      within: 'access-and-correction',
      phrases: ['review and change'],
    },
    {
      key: 'privacy.us-rights',
      name: 'US state privacy rights',
      within: 'us-state-rights',
      phrases: [
        'Know and access',
        'Correct',
        'Delete',
        'Opt out of sale or sharing',
        'we do not sell your personal information',
        'Limit the use of sensitive information',
        'precise location',
        'dietary restrictions',
        'Non-discrimination',
        'Authorized agents',
        'How we verify a request',
        'Appeal',
      ],
    },
    {
      key: 'privacy.gpc',
      name: 'Global Privacy Control honoured',
      within: 'global-privacy-control',
      phrases: ['Global Privacy Control', 'opt out of the sale and sharing', 'session replay off'],
    },
    {
      key: 'privacy.eu-controller',
      name: 'the controller, with address and contact',
      within: 'eu-uk-rights',
      phrases: ['Controller', (v) => v.legalEntity, (v) => v.legalAddress],
      links: ['mailto'],
    },
    {
      key: 'privacy.eu-legal-basis',
      name: 'the legal basis of each use',
      within: 'eu-uk-rights',
      phrases: ['performance of our contract', 'your consent', 'legitimate interests'],
    },
    {
      key: 'privacy.eu-transfers',
      name: 'international transfers and their safeguards',
      within: 'eu-uk-rights',
      phrases: ['United States', 'Data Privacy Framework', 'standard contractual clauses'],
    },
    {
      key: 'privacy.eu-rights',
      name: 'the GDPR rights',
      within: 'eu-uk-rights',
      phrases: [
        'access',
        'rectification',
        'erasure',
        'restriction',
        'portability',
        'objection',
        'withdraw your consent at any time',
      ],
    },
    {
      key: 'privacy.eu-complaint',
      name: 'complaint to a supervisory authority',
      within: 'eu-uk-rights',
      phrases: ['supervisory authority'],
    },
    {
      key: 'privacy.updates',
      name: 'policy updates with the date',
      within: 'policy-updates',
      phrases: ['effective date'],
    },
    {
      key: 'privacy.material-changes',
      name: 'how material changes are announced',
      within: 'material-changes',
      phrases: ['before it takes effect'],
    },
    { key: 'privacy.contact', name: 'contact email', within: 'contact', links: ['mailto'] },
  ],
};

// Negation, and the words of the sentences below, as whole words.
export const negation = /\b(?:not|never|no|neither|nor|without)\b|n't\b/i;
const aboutSelling = /\b(?:sell|sells|selling|sold|rent|rents|renting|rented)\b/i;
const aboutSharing =
  /\b(?:share|shares|shared|sharing|disclose|discloses|disclosed|give|gives|transfer|transfers|provide|provides)\b/i;
const forMarketing = /\b(?:marketing|promotional|promotions?|advertising|advertisers?)\b/i;

export const forbiddenSentences: ForbiddenSentence[] = [
  // CTIA and the FCC require that STOP is always honoured: no sentence may deny the opt-out.
  {
    key: 'both.stop-always-honoured',
    name: 'STOP is always honoured',
    pages: ['terms', 'privacy'],
    matches: [
      /\b(?:cannot|can ?not|can't|unable to|not (?:be )?(?:able|allowed|possible) to|may not|must not|no way to)\b[^.!?]*\bopt(?:s|ed|ing)?[- ]?out\b/i,
    ],
  },
  {
    key: 'both.stop-always-honoured',
    name: 'STOP is always honoured',
    pages: ['terms', 'privacy'],
    matches: [/\bopt(?:s|ed|ing)?[- ]?out\b[^.!?]*\b(?:is|are) not (?:possible|available|allowed)\b/i],
  },
  {
    key: 'both.stop-always-honoured',
    name: 'STOP is always honoured',
    pages: ['terms', 'privacy'],
    matches: [
      /\b(?:STOP|opt(?:ing)?[- ]out)\b[^.!?]*\b(?:does not|doesn't|do not|don't|will not|won't|cannot|can't)\s+(?:apply|work|cover)\b/i,
    ],
  },
  {
    key: 'privacy.no-sale-contradiction',
    name: 'no sale or marketing sharing',
    pages: ['privacy'],
    matches: [aboutSelling],
    unlessNegated: true,
  },
  {
    key: 'privacy.no-sale-contradiction',
    name: 'no sale or marketing sharing',
    pages: ['privacy'],
    matches: [aboutSharing, forMarketing],
    unlessNegated: true,
  },
  {
    key: 'privacy.recipients-honest',
    name: 'recipients listed honestly',
    pages: ['privacy'],
    matches: [/\bonly with (?:our |trusted )?service providers\b/i],
  },
  {
    key: 'privacy.consent-not-assumed',
    name: 'consent asked for, not assumed',
    pages: ['privacy'],
    matches: [/\bby (?:using|accessing|visiting|continuing to use)\b[^.!?]*\b(?:agree|consent|accept)/i],
  },
  {
    key: 'terms.one-use-case',
    name: 'one use case (codes only)',
    pages: ['terms'],
    matches: [/\balerts?\b/i],
  },
  {
    key: 'terms.no-promotional-texts',
    name: 'no marketing or promotional texts',
    pages: ['terms'],
    matches: [/\b(?:marketing|promotional|promotions?|advertising|special offers?|discounts?|deals|newsletters?)\b/i],
    unlessNegated: true,
  },
  {
    key: 'terms.opt-in-only-by-start',
    name: 'opting back in only by START',
    pages: ['terms'],
    matches: [
      /\b(?:opt(?:ing)? (?:you )?back in|opt(?:ing)? in again|re-?subscrib\w*)\b/i,
      /\b(?:new code|in the app)\b/i,
    ],
    unlessNegated: true,
  },
];
