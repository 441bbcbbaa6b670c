/**
 * The config values the legal Markdown quotes, as `{{token}}`s. Each value is typed once (site.config.ts or the routes
 * module) and filled in at build, so the legal text can never disagree with the site. An unknown token stops the
 * build, naming the file and the token.
 */
import { config } from '../config.ts';
import { hashRoutes, routes } from '../routes.ts';

/** The specification prints the legal addresses in hash form (`/#/privacy`); they lead to the same pages. */
const hashAddressOf = (path: string) =>
  `${config.siteUrl}/${Object.keys(hashRoutes).find((hash) => hashRoutes[hash] === path) ?? ''}`;

/** `example.com` from `https://example.com`: the domain-bound line of a code message (`@example.com #123456`). */
export const siteHostOf = (siteUrl: string) => new URL(siteUrl).host;

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
  siteHost: siteHostOf(config.siteUrl),
  homeUrl: routes.home,
  privacyUrl: routes.privacy,
  termsUrl: routes.terms,
  privacyHashAddress: hashAddressOf(routes.privacy),
  termsHashAddress: hashAddressOf(routes.terms),
} satisfies Record<string, string>;

export type LegalTokens = Record<string, string>;

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
