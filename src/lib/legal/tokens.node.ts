/**
 * The values the legal Markdown quotes as `{{token}}`s: the config's names and figures, the law's figures
 * (law.ts), each legal page's address, and the legal words of src/content/legal/wording.yaml. Each is typed once, so
 * the pages can never disagree with the site; the filled text is what gets approved (approvals.node.ts).
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { config } from '../config.ts';
import { blockWordsSchema } from '../dataPractices/policyBlocks.ts';
import { routes } from '../routes.ts';
import { lawFacts } from './law.ts';
import { legalPages } from './pages.ts';

export const legalDir = 'src/content/legal';
const wordingFile = `${legalDir}/wording.yaml`;

const text = z.string('a text').trim().min(1, 'a non-empty text');
const texts = <Key extends string>(keys: readonly Key[]) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<Key, typeof text>);
const wordingSchema = texts([
  'stopReply',
  'helpReply',
  'governingLaw',
  'governingLawOfState',
  'parentalConsentInApp',
  'parentalConsentNotAsked',
  'noEuRepresentative',
  'noMarketingSharing',
  'ratesMayApply',
  'carriersNotLiable',
  'notACondition',
  'replyStopToOptOut',
  'contentLicense',
  'removalRule',
]).extend({
  consentScreen: texts([
    'title',
    'field',
    'button',
    'drawnLabel',
    'drawnCaption',
    'screenshotAlt',
    'screenshotCaption',
  ]),
  blocks: blockWordsSchema,
});
export type LegalWording = z.infer<typeof wordingSchema>;

export class LegalTextError extends Error {
  override name = 'LegalTextError';
}

/** "example.com" from "https://example.com": the domain-bound line of a code message (`@example.com #123456`). */
export const siteHostOf = (siteUrl: string) => new URL(siteUrl).host;

/** 0.004 -> "0.4", 0.1 -> "10": a rate as a percentage, without rounding it away or printing float noise. */
export const percent = (rate: number) => String(Number((rate * 100).toFixed(6)));

/** The config's names that the pages quote: typed by hand instead of as a token, the check stops them (check.node.ts). */
export const nameTokens = [
  'productName',
  'legalEntity',
  'legalAddress',
  'contactEmail',
  'aiProvider',
  'placesProvider',
  'siteHost',
  'copyrightAgentEmail',
] as const;

export type LegalTokens = Record<string, string>;

/** The config's and the law's values, each legal page's address (`{{privacyUrl}}`, `{{termsOfUseUrl}}`, ...). */
function valueTokens(): LegalTokens {
  return {
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
    placesProviderTermsUrl: config.placesProviderTermsUrl,
    placesProviderPrivacyUrl: config.placesProviderPrivacyUrl,
    governingState: config.governingState,
    /** The opt-out words the terms list beside STOP, as prose: "STOPALL, UNSUBSCRIBE, ..., and OPTOUT". */
    otherStopWords: new Intl.ListFormat('en-US').format(config.smsOptOutWords.filter((word) => word !== 'STOP')),
    copyrightAgentName: config.copyrightAgentName,
    copyrightAgentAddress: config.copyrightAgentAddress,
    copyrightAgentPhone: config.copyrightAgentPhone,
    copyrightAgentEmail: config.copyrightAgentEmail,
    copyrightAgentRegistration: config.copyrightAgentRegistration,
    liabilityCapUsd: String(config.liabilityCapUsd),
    disputeVenue: config.disputeVenue,
    siteHost: siteHostOf(config.siteUrl),
    homeUrl: routes.home,
    ...Object.fromEntries(
      legalPages.map((page) => [`${page.kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Url`, page.path]),
    ),
    ...Object.fromEntries(Object.entries(lawFacts).map(([name, value]) => [name, String(value)])),
  };
}

/** wording.yaml, validated, its own tokens filled; read on every call, so `astro dev` shows an edit at once. */
export function legalWording(): LegalWording {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(wordingFile, 'utf8'));
  } catch (error) {
    throw new LegalTextError(`${wordingFile} is not valid YAML: ${(error as Error).message}`);
  }
  const result = wordingSchema.safeParse(raw);
  if (!result.success) throw new LegalTextError(`${wordingFile} is invalid:\n${z.prettifyError(result.error)}`);
  const values = valueTokens();
  const filled = (value: unknown): unknown =>
    typeof value === 'string'
      ? fill(value, values)
      : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, filled(v)]));
  return filled(result.data) as LegalWording;
}

/** Every token the legal Markdown may quote, with its value now. */
export function legalTokens(): LegalTokens {
  const wording = legalWording();
  const { governingLaw, governingLawOfState, noEuRepresentative, parentalConsentInApp, parentalConsentNotAsked } =
    wording;
  // The sentences are tokens; the consent screen's and the blocks' words are used where they are drawn (text.node.ts).
  const words = Object.entries(wording).filter(([, value]) => typeof value === 'string');
  return {
    ...valueTokens(),
    ...Object.fromEntries(words),
    governingLaw: config.governingState ? governingLawOfState : governingLaw,
    euRepresentative: config.euRepresentative || noEuRepresentative,
    parentalConsent: config.parentalConsent === 'in-app' ? parentalConsentInApp : parentalConsentNotAsked,
  };
}

const tokenPattern = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Backslash-escapes what Markdown would read as syntax in a filled value (emphasis, links, HTML, table cells), so a
 * product name like "Eat_Now*" stays plain text. (An address in a value is still linked, as GFM links it anywhere.)
 */
export const escapeMarkdown = (value: string) => value.replace(/[\\`*_[\]<>&|~]/g, '\\$&');

/** Replaces each known `{{token}}` in `text` (passed through `escape`); an unknown one stays, for the check to name. */
export const fill = (text: string, tokens: LegalTokens, escape = (value: string) => value) =>
  text.replace(tokenPattern, (match, name: string) => (Object.hasOwn(tokens, name) ? escape(tokens[name]!) : match));
