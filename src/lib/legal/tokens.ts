/**
 * The config values the legal Markdown quotes, as `{{token}}`s. Each value is typed once (site.config.ts or the routes
 * module) and filled in at build, so the legal text can never disagree with the site. An unknown token stops the
 * build, naming the file and the token.
 */
import { config } from '../config.ts';
import { routes } from '../routes.ts';
import { lawFacts, mandatedSentences, revocationKeywords } from './law.ts';
import { legalPages } from './pages.ts';

/** `example.com` from `https://example.com`: the domain-bound line of a code message (`@example.com #123456`). */
export const siteHostOf = (siteUrl: string) => new URL(siteUrl).host;

const governingLaw = config.governingState
  ? `the laws of the State of ${config.governingState} and the federal laws of the United States`
  : 'the laws of the United States';

/** 0.004 -> "0.4", 0.1 -> "10": a rate as a percentage, without rounding it away or printing float noise. */
export const percent = (rate: number) => String(Number((rate * 100).toFixed(6)));

export const legalTokens = {
  productName: config.productName,
  legalEntity: config.legalEntity,
  legalAddress: config.legalAddress,
  contactEmail: config.contactEmail,
  otpCodesPerHour: String(config.otpCodesPerHour),
  accountDeletionDays: String(config.accountDeletionDays),
  monitoringRetentionDays: String(config.monitoringRetentionDays),
  /** The share of visits whose session is replayed, as a percentage printed as it is ("10", "0.4"). */
  replaySessionPercent: percent(config.replaysSessionSampleRate),
  aiProvider: config.aiProvider,
  placesProvider: config.placesProvider,
  euRepresentative: config.euRepresentative || 'none appointed yet; until there is one, write to the controller above',
  governingLaw,
  /** The opt-out words the Terms list beside STOP, as prose: "STOPALL, QUIT, ..., CANCEL, and UNSUBSCRIBE". */
  otherStopWords: new Intl.ListFormat('en-US').format(revocationKeywords.filter((word) => word !== 'STOP')),
  siteHost: siteHostOf(config.siteUrl),
  /** The program's two replies, published word for word on the terms page (CTIA: HELP and opt-out confirmation). */
  stopReply: `${config.productName}: you are unsubscribed and will get no more texts from us, including codes. Reply START to resubscribe.`,
  helpReply: `${config.productName} account verification: one-time codes you ask for in the app, up to ${config.otpCodesPerHour} per hour. Msg & data rates may apply. Help: ${config.contactEmail}. Reply STOP to opt out.`,
  homeUrl: routes.home,
  // `{{privacyUrl}}`, `{{termsOfUseUrl}}`, ...: one per legal page of the list.
  ...Object.fromEntries(
    legalPages.map((page) => [`${page.kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Url`, page.path]),
  ),
  ...Object.fromEntries(Object.entries(lawFacts).map(([name, value]) => [name, String(value)])),
  ...Object.fromEntries(Object.entries(mandatedSentences).map(([name, { text }]) => [name, text])),
} satisfies Record<string, string>;

export type LegalTokens = Record<string, string>;

/** The config's names that the pages quote: typed by hand instead of as a token, the check stops them (check.node.ts). */
export const nameTokens = [
  'productName',
  'legalEntity',
  'legalAddress',
  'contactEmail',
  'aiProvider',
  'placesProvider',
  'siteHost',
] as const;

const tokenPattern = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Backslash-escapes every ASCII punctuation character, which CommonMark reads back literally both in text and in
 * link destinations: a product name like "Eat_Now*" then stays plain text instead of turning into emphasis.
 */
export const escapeMarkdown = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, '\\$&');

/** Replaces each known `{{token}}` in `text` (passed through `escape`); an unknown one stays, for the check to name. */
export const fill = (text: string, tokens: LegalTokens = legalTokens, escape = (value: string) => value) =>
  text.replace(tokenPattern, (match, name: string) => (Object.hasOwn(tokens, name) ? escape(tokens[name]!) : match));
