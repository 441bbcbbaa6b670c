/**
 * The config values the legal Markdown quotes, as `{{token}}`s. Each value is typed once (site.config.ts or the routes
 * module) and filled in at build, so the legal text can never disagree with the site. An unknown token stops the
 * build, naming the file and the token.
 */
import { config } from '../config.ts';
import { routes } from '../routes.ts';
import { revocationKeywords } from './clauses.ts';
import { legalPages } from './pages.ts';

/** `example.com` from `https://example.com`: the domain-bound line of a code message (`@example.com #123456`). */
export const siteHostOf = (siteUrl: string) => new URL(siteUrl).host;

/**
 * Figures the law fixes, quoted by the pages and read by the meaning rules (rules.ts), each with where it comes from.
 * A page's own figures (retention periods, sample codes) live in its front matter under `facts`.
 */
export const lawFacts = {
  /** COPPA: the Service is not for children under this age. */
  childMinimumAge: 13,
  /** Cal. Bus. & Prof. Code 22581: minors under this age may remove what they posted. */
  californiaMinorAge: 18,
  /** GDPR Art. 8: the highest age of digital consent an EU country sets (13 to 16). */
  euDigitalConsentAge: 16,
  /** CCPA 1798.130 and the state laws modelled on it: days to answer a request. */
  requestResponseDays: 45,
  /** Colorado and Oregon: days to answer an appeal (the strictest state rule). */
  appealResponseDays: 45,
  /** FCC revocation rule (47 CFR 64.1200(a)(10)): the one STOP confirmation goes out within these minutes. */
  stopConfirmationMinutes: 5,
  /** Same rule: business days to honor a revocation sent some other reasonable way. */
  revocationBusinessDays: 10,
  /** App Review guideline 1.2: hours to act on a report of objectionable content. */
  reportActionHours: 24,
  /** CCPA 1798.130(a)(5): months between reviews of the privacy policy (a release check, never a build failure). */
  reviewMonths: 12,
} as const;

const governingLaw = config.governingState
  ? `the laws of the State of ${config.governingState} and the federal laws of the United States`
  : 'the laws of the United States';

export const legalTokens = {
  productName: config.productName,
  legalEntity: config.legalEntity,
  legalAddress: config.legalAddress,
  contactEmail: config.contactEmail,
  otpCodesPerHour: String(config.otpCodesPerHour),
  accountDeletionDays: String(config.accountDeletionDays),
  monitoringRetentionDays: String(config.monitoringRetentionDays),
  /** The share of visits whose session is replayed, as a percentage ("10"). */
  replaySessionPercent: String(Math.round(config.replaysSessionSampleRate * 100)),
  aiProvider: config.aiProvider,
  placesProvider: config.placesProvider,
  euRepresentative: config.euRepresentative || 'none appointed yet; until there is one, write to the controller above',
  governingLaw,
  /** The opt-out words the Terms list beside STOP, as prose: "STOPALL, QUIT, ..., CANCEL, and UNSUBSCRIBE". */
  otherStopWords: new Intl.ListFormat('en-US').format(revocationKeywords.filter((word) => word !== 'STOP')),
  siteHost: siteHostOf(config.siteUrl),
  homeUrl: routes.home,
  // `{{privacyUrl}}`, `{{termsUrl}}`, ...: one per legal page of the list.
  ...Object.fromEntries(legalPages.map((page) => [`${page.kind}Url`, page.path])),
  ...Object.fromEntries(Object.entries(lawFacts).map(([name, value]) => [name, String(value)])),
} satisfies Record<string, string>;

export type LegalTokens = Record<string, string>;

/** The config's names that the pages quote: typed by hand instead of as a token, the check stops them (rules.ts). */
export const nameTokens = [
  'productName',
  'legalEntity',
  'legalAddress',
  'contactEmail',
  'aiProvider',
  'placesProvider',
  'siteHost',
] as const;

export class LegalTokenError extends Error {
  override name = 'LegalTokenError';
}

const tokenPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Backslash-escapes every ASCII punctuation character, which CommonMark reads back literally both in text and in
 * link destinations: a product name like "Eat_Now*" then stays plain text instead of turning into emphasis.
 */
export const escapeMarkdown = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, '\\$&');

/**
 * Replaces each `{{token}}` in `text` with its value (passed through `escape`); throws a LegalTokenError naming
 * `file` and every unknown token.
 */
export function fillTokens(
  text: string,
  file: string,
  tokens: LegalTokens = legalTokens,
  escape: (value: string) => string = (value) => value,
): string {
  const unknown = new Set<string>();
  const filled = text.replace(tokenPattern, (match, name: string) => {
    if (!Object.hasOwn(tokens, name)) {
      unknown.add(match);
      return match;
    }
    return escape(tokens[name]!);
  });
  if (unknown.size > 0) {
    throw new LegalTokenError(
      `${file}: unknown token ${[...unknown].join(', ')}; expected one of ${Object.keys(tokens)
        .map((name) => `{{${name}}}`)
        .join(', ')}`,
    );
  }
  return filled;
}
