/**
 * What the legal pages must say, and where, and what no page may ever say, as data: the rows of docs/legal-checklist.md turned into clauses that
 * rules.ts looks for in the built pages. Every clause has a `key`; the checklist names the key that guards each of its
 * rows, and a unit test keeps the two lists equal. The legal text itself lives in src/content/legal.
 *
 * Phrases match as whole words, case-insensitively (`keywords` match in exact case: reply words are written in
 * capitals), inside the section or sub-section the clause belongs to, never in its heading or the summary box.
 */
import type { SiteConfig } from '../config.ts';
import { clausesOf, datesIn, durationsIn, type Clause } from './meaning.ts';
import type { LegalPageKind } from './pages.ts';
import type { lawFacts } from './tokens.ts';

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
} & typeof lawFacts;

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
  /** Links the part must hold: to legal pages by kind, or a mail link to the configured address. */
  links?: (LegalPageKind | 'mailto')[];
  /** A sentence of the part must deny this, in any words ("we never sell", "we do not sell"). */
  denies?: RegExp;
}

/** A sentence or table row of the body, read for meaning. */
export interface Unit {
  sentence: string;
  clauses: Clause[];
}

/** The values a meaning rule compares figures with: the config, the law's figures and the page's dates. */
export type RuleValues = ClauseValues & { dates: string[] };

/** What no page may ever say, however worded or negated nearby (checked in every section of the pages named). */
export interface MeaningRule {
  key: string;
  name: string;
  /** The pages it reads; every legal page when unset. */
  pages?: LegalPageKind[];
  /** Why `unit` says the forbidden thing, or undefined when it does not. */
  says: (unit: Unit, values: RuleValues) => string | undefined;
}

/** The top-level sections, in exactly the specification's order (section 2: "Privacy Policy page", "Terms ..."). */
export const legalSections: Partial<Record<LegalPageKind, SectionClause[]>> = {
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
  // Not in the specification: App Review guideline 1.2 and Google Play's user-generated content policy.
  guidelines: [
    { id: 'introduction', name: 'introduction' },
    { id: 'not-allowed', name: 'what may not be posted' },
    { id: 'report-and-block', name: 'how to report and block' },
    { id: 'how-we-act', name: 'how quickly reports are acted on' },
    { id: 'consequences', name: 'what happens to content and accounts' },
    { id: 'contact', name: 'contact' },
  ],
};

/** The checklist's extra clauses, each a sub-section with a stable id inside the section where it belongs. */
export const legalSubSections: Partial<Record<LegalPageKind, SubSectionClause[]>> = {
  privacy: [
    { id: 'how-we-collect', name: 'how data is collected', within: 'information-we-collect' },
    { id: 'ccpa-categories', name: 'categories of personal information', within: 'information-we-collect' },
    { id: 'this-website', name: 'what the website stores and records', within: 'information-we-collect' },
    { id: 'children', name: 'children under 13', within: 'information-we-collect' },
    { id: 'sensitive-data', name: 'consent for sensitive information', within: 'how-we-use-information' },
    { id: 'do-not-track', name: 'the Do Not Track answer', within: 'how-we-use-information' },
    { id: 'california-minors', name: 'California users under 18 removing content', within: 'content-ownership' },
    { id: 'service-providers', name: 'service providers', within: 'data-sharing' },
    { id: 'ai-provider', name: 'permission before data goes to the AI provider', within: 'data-sharing' },
    { id: 'other-users', name: 'other users', within: 'data-sharing' },
    { id: 'legal-requests', name: 'legal requests', within: 'data-sharing' },
    { id: 'business-transfer', name: 'business transfer', within: 'data-sharing' },
    { id: 'no-sale', name: 'no sale of personal data', within: 'data-sharing' },
    { id: 'no-marketing-sharing', name: 'no sharing for marketing', within: 'data-sharing' },
    { id: 'retention-periods', name: 'retention per kind of data', within: 'retention' },
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

/** The reply words the FCC's revocation rule (47 CFR 64.1200(a)(10)) names; each must be honored. */
export const revocationKeywords = [
  'STOP',
  'STOPALL',
  'QUIT',
  'END',
  'REVOKE',
  'OPT OUT',
  'OPTOUT',
  'CANCEL',
  'UNSUBSCRIBE',
];

export const requiredClauses: Partial<Record<LegalPageKind, RequiredClause[]>> = {
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
      name: 'every opt-out word honored',
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
    {
      key: 'terms.stop-timing',
      name: 'STOP confirmed in minutes, other revocations honored in business days',
      within: 'stop',
      phrases: [
        (v) => `within ${v.stopConfirmationMinutes} minutes`,
        (v) => `within ${v.revocationBusinessDays} business days`,
      ],
    },
    {
      key: 'terms.replies-are-texts-too',
      name: 'the STOP confirmation and HELP reply named as texts',
      within: 'message-types',
      phrases: ['one confirmation', 'help message'],
    },
  ],
  guidelines: [
    {
      key: 'guidelines.links',
      name: 'links to the Privacy Policy and the Terms',
      within: 'introduction',
      links: ['privacy', 'terms'],
    },
    {
      key: 'guidelines.no-tolerance',
      name: 'no tolerance for objectionable content',
      within: 'not-allowed',
      phrases: ['no tolerance', 'objectionable content', 'abusive users'],
    },
    {
      key: 'guidelines.report-and-block',
      name: 'report content and block users in the app',
      within: 'report-and-block',
      phrases: ['in the app', 'Report', 'Block'],
      links: ['mailto'],
    },
    {
      key: 'guidelines.act-in-time',
      name: 'reports acted on in time, content and user removed',
      within: 'how-we-act',
      phrases: [(v) => `within ${v.reportActionHours} hours`, 'removed', 'the user who posted it'],
    },
    {
      key: 'guidelines.consequences',
      name: 'what happens to content and accounts',
      within: 'consequences',
      phrases: ['remove', 'account'],
    },
    { key: 'guidelines.contact', name: 'contact details', within: 'contact', links: ['mailto'] },
  ],
  privacy: [
    {
      key: 'privacy.terms-link',
      name: 'links to the Terms of Service and the Community Guidelines',
      within: 'introduction',
      links: ['terms', 'guidelines'],
    },
    {
      key: 'privacy.ccpa-categories',
      name: 'categories of personal information by their statutory names',
      within: 'ccpa-categories',
      phrases: [
        'Identifiers',
        'Education information',
        'Geolocation data',
        'Audio, electronic, visual',
        'Inferences',
        'Sensitive personal information',
        'Source',
        'Purpose',
        'Recipients',
        'Retention',
      ],
    },
    {
      key: 'privacy.sensitive-consent',
      name: 'explicit, separate, withdrawable consent for sensitive information',
      within: 'sensitive-data',
      phrases: ['dietary restrictions', 'health', 'religion', 'explicit consent', 'separately', 'withdraw'],
    },
    {
      key: 'privacy.ai-permission',
      name: 'what goes to the AI provider, and that the app asks first',
      within: 'ai-provider',
      phrases: [(v) => v.aiProvider, 'asks your permission', 'sends nothing before you agree', 'withdraw'],
    },
    {
      key: 'privacy.retention-periods',
      name: 'retention per kind of data',
      within: 'retention-periods',
      phrases: ['Account details', 'Search history', 'anonymized', 'Text-message logs', 'Security logs', 'monitoring'],
    },
    {
      key: 'privacy.digital-consent-age',
      name: 'the EU age of digital consent',
      within: 'children',
      phrases: ['age of digital consent', (v) => `${v.euDigitalConsentAge}`, 'parent'],
    },
    {
      key: 'privacy.eu-representative',
      name: 'the EU and UK representative',
      within: 'eu-uk-rights',
      phrases: ['Representative in the EU and UK'],
    },
    {
      key: 'privacy.appeal-days',
      name: 'appeals answered in time',
      within: 'us-state-rights',
      phrases: [(v) => `within ${v.appealResponseDays} days`],
    },
    {
      key: 'privacy.transfers-exclude-sms-data',
      name: 'legal requests and business transfers carry no text-message opt-in data for marketing',
      within: 'legal-requests',
      phrases: ['Text-message opt-in data and consent are never disclosed'],
    },
    {
      key: 'privacy.transfers-exclude-sms-data',
      name: 'legal requests and business transfers carry no text-message opt-in data for marketing',
      within: 'business-transfer',
      phrases: ['Text-message opt-in data and consent never pass to anyone for marketing'],
    },
    {
      key: 'privacy.guidelines-link',
      name: 'the Community Guidelines linked from the content section',
      within: 'content-ownership',
      links: ['guidelines'],
    },
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
    {
      key: 'privacy.children',
      name: 'children under the minimum age',
      within: 'children',
      phrases: [(v) => `under ${v.childMinimumAge}`, 'delete it'],
    },
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
      name: 'users keep ownership and grant a license',
      within: 'content-ownership',
      phrases: ['keep ownership', 'license', 'display and distribute'],
    },
    {
      key: 'privacy.california-minors',
      name: 'California users under 18 removing content',
      within: 'california-minors',
      phrases: [(v) => `under ${v.californiaMinorAge}`, 'California', 'remove content'],
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
      denies: /\b(?:sell|sells|selling|sold|rent|rents|renting|rented)\b/i,
      phrases: ['cross-context behavioral advertising'],
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
      phrases: [(v) => `within ${v.accountDeletionDays} days`, 'anonymized', 'longer'],
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
      name: 'Global Privacy Control honored',
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

// The meaning classes the rules below read, as whole words (in US spelling: the text is normalized first).
const sellOrRent = /\b(?:sell|sells|selling|sold|rent|rents|renting|rented|trade|trades|traded|monetiz\w*)\b/i;
const transfer =
  /\b(?:shar(?:e|es|ed|ing)|disclos\w*|give|gives|given|provide|provides|provided|transfer\w*|pass(?:es|ed)?|hand\w* over|mak\w+ \w+(?: \w+)? available|made available|receive|receives|received|get|gets|access|accesses|lets?)\b/i;
const forMarketing = /\b(?:marketing|market to|promotional|promotions?|advertis\w*|ads)\b/i;
const optBackIn =
  /\b(?:opt(?:s|ed|ing)?\s+(?:you\s+)?back\s+in|opt(?:s|ed|ing)?[- ]in\s+again|re-?subscrib\w*|re-?activat\w*|re-?enabl\w*|resum\w*|restart\w*|turn\w* (?:texts?|messages?) back on|(?:get|receive|start\w* receiving) (?:texts?|messages?|codes?) again)\b/i;
const otherWayIn =
  /\b(?:app|new code|request\w*|sign\w* (?:in|up)|log\w* in|email\w*|contact\w*|call\w*|settings?|website|automatic\w*|after|ask\w*)\b|\b(?:reply|replying|text|texting|send|sending)\s+(?!START\b|UNSTOP\b)[A-Z]{2,}\b/;
const afterStop = /\b(?:STOP|STOPALL)\b|\bopt(?:s|ed|ing)?[- ]?out\b|\bunsubscrib\w*|\brevo(?:ke|king|cation)\b/i;
const keepsSending =
  /\b(?:send|sends|sending|sent|texting|texted|deliver\w*|receive|receives|receiving|get|gets|getting|keep\w*|continu\w*|still|arriv\w*|resum\w*)\b/i;
const textsObject = /\b(?:texts?|messages?|codes?|sms|reminders?|notifications?)\b/i;
const oneConfirmation = /\bconfirm\w*\b/i;
const moreThanOne = /\b(?:more|further|other|additional|another|also|second|again|reminders?|follow-up|then)\b/i;
const consent = /\b(?:consent\w*|agree\w*|opt(?:s|ing)?[- ]in|accept\w*|sign\w* up for (?:texts|messages))\b/i;
const required = /\b(?:condition|required?|requires|must|need\w*|necessary|mandatory|only if|before you can)\b/i;
const purchase = /\b(?:purchas\w*|buy\w*|bought|order\w*|pay|pays|paying|payment|subscription|checkout|transaction)\b/i;
const child = /\b(?:child|children|kids?|toddlers?|preteens?|under-?age)\b/i;
const admitted =
  /\b(?:may use|can use|welcome\w*|allow\w*|permit\w*|admit\w*|sign\w* up|create an account|join\w*|open to|is for|are for|meant for|designed for|intended for|suitable|use the (?:app|service))\b/i;
const accountDeleted =
  /\b(?:delet\w*|clos\w*|remov\w*|cancel\w*|terminat\w*)\s+(?:of\s+)?(?:your\s+|the\s+|an\s+)?account\b|\baccount\s+(?:is\s+|has been\s+)?(?:deleted|deletion|closed|closure)\b|\bdeletion request|\bask\w* us to delete\b/i;
const slowly = /\b(?:eventually|at some point|indefinitely|forever|no fixed|as long as we (?:need|want|like))\b/i;
const keptLongerForAReason = /\b(?:law|legal|security|fraud|abuse|anonymiz\w*|logs?)\b/i;
const dateWords =
  /\b(?:effective|took effect|takes effect|in effect|in force|applies|apply|valid|updated|revised|changed)\s+(?:on|from|as of|since|starting)\s+(?!the effective\b|the date\b)(?:the\s+)?(?:\d|today|yesterday|last|next|this|first|second|third|\w+(?:st|nd|rd|th)\b|january|february|march|april|may|june|july|august|september|october|november|december)/i;

/** The ages a clause admits or names: "under 13" -> 13 (a ceiling), "aged 10 or older" -> 10 (a floor). */
function agesIn(text: string): { ceiling: number[]; floor: number[] } {
  const ceiling = [...text.matchAll(/\b(?:under|younger than|below|less than)\s+(\d+)/gi)].map((m) => Number(m[1]));
  const floor = [
    ...text.matchAll(/\b(?:aged?|from|at least)?\s*(\d+)\s*(?:\+|or older|or over|and older|and over|and up)/gi),
    ...text.matchAll(/\bas young as\s+(\d+)/gi),
  ].map((m) => Number(m[1]));
  return { ceiling, floor };
}

/** The first clause of `unit` not negated that matches every pattern. */
const admits = (unit: Unit, ...patterns: RegExp[]) =>
  unit.clauses.find((clause) => !clause.negated && patterns.every((pattern) => pattern.test(clause.text)));
const quote = (clause: Clause | undefined) => (clause ? `"${clause.text}"` : undefined);

/**
 * What no page may ever say, in any section, however worded or negated nearby. Each reads the meaning of a clause
 * (meaning.ts): a negation covers only its own clause, and figures are compared with the tokens' values.
 */
export const meaningRules: MeaningRule[] = [
  {
    key: 'all.no-marketing-transfer',
    name: 'no selling, renting or sharing personal data for marketing',
    says: (unit) => quote(admits(unit, sellOrRent) ?? admits(unit, transfer, forMarketing)),
  },
  {
    key: 'all.opt-back-in-only-by-start',
    name: 'opting back in only by START or UNSTOP',
    says: (unit) =>
      quote(
        unit.clauses.find(
          (clause) =>
            !clause.negated &&
            optBackIn.test(clause.text) &&
            // "To opt back in: reply START" names the way in after the colon, so START may stand anywhere in the sentence.
            (otherWayIn.test(clause.text) || !/\b(?:START|UNSTOP)\b/.test(unit.sentence)),
        ),
      ),
  },
  {
    key: 'all.nothing-after-stop',
    name: 'no texts after STOP but the one confirmation',
    says: (unit) => {
      if (!afterStop.test(unit.sentence)) return undefined;
      const clause = admits(unit, keepsSending, textsObject);
      if (!clause) return undefined;
      const justTheConfirmation =
        oneConfirmation.test(clause.text) && !moreThanOne.test(clause.text) && !/\b(?:[2-9]|\d\d+)\b/.test(clause.text);
      return justTheConfirmation ? undefined : quote(clause);
    },
  },
  {
    key: 'all.not-a-condition',
    name: 'consent never made a condition of purchase',
    says: (unit) => quote(admits(unit, consent, required, purchase)),
  },
  {
    key: 'all.no-children',
    name: 'children under the minimum age never admitted',
    says: (unit, values) => {
      const clause = unit.clauses.find((each) => {
        if (each.negated || !admitted.test(each.text)) return false;
        const { ceiling, floor } = agesIn(each.text);
        return (
          child.test(each.text) ||
          ceiling.some((age) => age <= values.childMinimumAge) ||
          floor.some((age) => age < values.childMinimumAge) ||
          /\b(?:any|all) ages?\b/i.test(each.text)
        );
      });
      return quote(clause);
    },
  },
  {
    key: 'all.deletion-in-time',
    name: 'personal information deleted within the configured days of account deletion',
    says: (unit, values) => {
      if (!accountDeleted.test(unit.sentence)) return undefined;
      const clause = unit.clauses.find(
        (each) =>
          !each.negated &&
          !keptLongerForAReason.test(each.text) &&
          (slowly.test(each.text) || durationsIn(each.text).some((days) => days > values.accountDeletionDays)),
      );
      return clause && `${quote(clause)} is slower than ${values.accountDeletionDays} days (accountDeletionDays)`;
    },
  },
  {
    key: 'all.one-date',
    name: 'no second effective or last-updated date',
    says: (unit, values) => {
      const other = datesIn(unit.sentence).find((date) => !values.dates.includes(date));
      if (other) return `"${unit.sentence}" names ${other === 'partial' ? 'a date' : other}, not the page's dates`;
      return dateWords.test(unit.sentence) ? `"${unit.sentence}" dates the text itself` : undefined;
    },
  },
  // CTIA and the FCC require that STOP is always honored: no sentence may deny the opt-out.
  {
    key: 'all.stop-always-honored',
    name: 'STOP is always honored',
    says: (unit) =>
      quote(
        unit.clauses.find(
          (clause) =>
            /\b(?:STOP|opt(?:s|ed|ing)?[- ]?out|unsubscrib\w*)\b/i.test(clause.text) &&
            /\b(?:cannot|can ?not|can't|unable to|not (?:be )?(?:able|allowed|possible|available|honored)|may not|must not|no way to|ignored)\b|\b(?:does not|doesn't|do not|don't|will not|won't)\s+(?:apply|work|cover)\b/i.test(
              clause.text,
            ),
        ),
      ),
  },
  {
    key: 'privacy.recipients-honest',
    name: 'recipients listed honestly',
    pages: ['privacy'],
    says: (unit) =>
      /\b(?:only|solely|exclusively) with (?:our |trusted )?service providers\b/i.test(unit.sentence)
        ? `"${unit.sentence}"`
        : undefined,
  },
  {
    key: 'privacy.consent-not-assumed',
    name: 'consent asked for, not assumed',
    pages: ['privacy'],
    says: (unit) =>
      /\bby (?:using|accessing|visiting|continuing to use)\b[^.!?]*\b(?:agree|consent|accept)/i.test(unit.sentence)
        ? `"${unit.sentence}"`
        : undefined,
  },
  {
    key: 'terms.one-use-case',
    name: 'one use case (codes only)',
    pages: ['terms'],
    says: (unit) => (/\balerts?\b/i.test(unit.sentence) ? `"${unit.sentence}"` : undefined),
  },
  {
    key: 'terms.no-promotional-texts',
    name: 'no marketing or promotional texts',
    pages: ['terms'],
    says: (unit) =>
      quote(
        admits(
          unit,
          /\b(?:marketing|promotional|promotions?|advertising|special offers?|discounts?|deals|newsletters?)\b/i,
        ),
      ),
  },
];

/** Reads a sentence (or a table row) for the rules above. */
export const unitOf = (sentence: string): Unit => ({ sentence, clauses: clausesOf(sentence) });
