/**
 * The values the legal Markdown quotes as `{{token}}`s: every text or number of the config (by its field's name), the
 * law's figures (law.ts), each legal page's address, and the legal words of src/content/legal/wording.yaml. Each is
 * typed once, so the pages can never disagree with the site; the filled text is what gets approved.
 */

import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { blockWordsSchema, text, texts } from '../practices/policyBlocks.ts';
import { lawFacts } from '../check/law.ts';
import { LegalTextError, legalDir, legalPages } from '../addresses/pages.node.ts';
import type { LegalPage } from '../record/frontMatter.ts';
import { readText } from '../files.node.ts';
import { rawHtmlInTexts, rawHtmlLines, type SiteConfig, routes, type Locale } from '../host.ts';
import { legalTranslationDir } from '../host.node.ts';

export { LegalTextError, legalDir };
/** wording.yaml, or its translation beside a language's legal pages (`src/content/i18n/es/legal/wording.yaml`). */
export const wordingFile = (locale: Locale = 'en') =>
  locale === 'en' ? `${legalDir}/wording.yaml` : `${legalTranslationDir(locale)}/wording.yaml`;

// The sentences the pages quote as tokens, each a text (one the pages need but the file lacks shows up as an unknown
// token, named by the check), and the words of the drawn sign-up screen and of the data blocks.
const wordingSchema = z
  .object({
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
  })
  .catchall(text);
export type LegalWording = z.infer<typeof wordingSchema>;
// A translation names California's categories in its own language too (the English page keeps the statute's names).
const translatedWordingSchema = wordingSchema.extend({
  blocks: blockWordsSchema.extend({ ccpaCategories: blockWordsSchema.shape.ccpaCategories.unwrap() }),
});

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

/** Every text or number field of the config, the law's figures, each legal page's address (`{{termsOfUseUrl}}`). */
export function valueTokens(config: SiteConfig, pages: LegalPage[] = legalPages(config.features)): LegalTokens {
  const values = { ...config, ...lawFacts };
  return {
    ...Object.fromEntries(
      Object.entries(values).flatMap(([name, value]) =>
        typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
      ),
    ),
    /** The share of visits whose session is replayed, as a percentage printed as it is ("10", "0.4"). */
    replaySessionPercent: percent(config.replaysSessionSampleRate),
    /** The opt-out words the terms list beside STOP, as prose: "STOPALL, UNSUBSCRIBE, ..., and OPTOUT". */
    otherStopWords: new Intl.ListFormat('en-US').format(config.smsOptOutWords.filter((word) => word !== 'STOP')),
    siteHost: siteHostOf(config.siteUrl),
    homeUrl: routes.home,
    supportUrl: routes.support,
    ...Object.fromEntries(
      pages.map((page) => [`${page.kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Url`, page.path]),
    ),
  };
}

/**
 * wording.yaml (or a language's translation of it), validated, its own tokens filled; read on every call, so `astro
 * dev` shows an edit at once. `pages` give the legal pages' addresses its words may quote.
 */
export function legalWording(
  config: SiteConfig,
  pages = legalPages(config.features),
  locale: Locale = 'en',
  text?: string,
): LegalWording {
  const file = wordingFile(locale);
  const source = text ?? readText(file);
  let raw: unknown;
  try {
    raw = parseYaml(source);
  } catch (error) {
    throw new LegalTextError(`${file} is not valid YAML: ${(error as Error).message}`);
  }
  // Its words reach the legal pages as Markdown: no raw HTML in them.
  const html = rawHtmlInTexts(raw, source);
  if (html.length) throw new LegalTextError(`Raw HTML in ${file}:\n${rawHtmlLines(html, file).join('\n')}`);
  const result = (locale === 'en' ? wordingSchema : translatedWordingSchema).safeParse(raw);
  if (!result.success) throw new LegalTextError(`${file} is invalid:\n${z.prettifyError(result.error)}`);
  const values = valueTokens(config, pages);
  const filled = (value: unknown): unknown =>
    typeof value === 'string'
      ? fill(value, values)
      : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, filled(v)]));
  return filled(result.data) as LegalWording;
}

/** Every token the legal Markdown may quote, with its value now; `words` is wording.yaml as legalWording() reads it. */
export function legalTokens(
  config: SiteConfig,
  pages = legalPages(config.features),
  words = legalWording(config, pages),
): LegalTokens {
  const tokens = {
    ...valueTokens(config, pages),
    ...words,
    // The config picks between two of the wording file's sentences.
    governingLaw: config.governingState ? words.governingLawOfState : words.governingLaw,
    euRepresentative: config.euRepresentative || words.noEuRepresentative,
    // What the app asks of a parent, and who accepts the terms for a teen: a parent only where the app asks one. An
    // app without teens (features.teens) has neither, so either token left outside a teens block stops the build.
    ...(config.parentalConsent && {
      parentalConsent: config.parentalConsent === 'in-app' ? words.parentalConsentInApp : words.parentalConsentNotAsked,
      parentalAcceptance:
        config.parentalConsent === 'in-app' ? words.parentalAcceptanceInApp : words.parentalAcceptanceNotAsked,
    }),
  };
  // Only sentences are tokens (the sign-up screen's and the blocks' words are drawn where they belong, text.node.ts);
  // a sentence the file lacks is no token, so the check names it as unknown.
  return Object.fromEntries(
    Object.entries(tokens).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const tokenPattern = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Backslash-escapes what Markdown would read as syntax in a filled value (emphasis, links, HTML, table cells), so a
 * product name like "Eat_Now*" stays plain text. (An address in a value is still linked, as GFM links it anywhere.)
 */
export const escapeMarkdown = (value: string) => {
  const escaped = value.replace(/[\\`*_[\]<>&|~]/g, '\\$&');
  // A host or an email address is a literal: smart punctuation must not turn the `--` of an internationalized domain
  // (xn--...) into a dash, nor a quote into a curly one. (A URL is linked as typed, escapes and all: left alone.)
  return isLiteral(value) && !/^https?:\/\//.test(value) ? escaped.replace(/[-'"]/g, '\\$&') : escaped;
};

/** A value written as is, never as prose: a host, a URL or an email address (one word with a dot or an @). */
export const isLiteral = (value: string) => /^\S+$/.test(value) && /[.@]/.test(value);

/** Replaces each known `{{token}}` in `text` (passed through `escape`); an unknown one stays, for the check to name. */
export const fill = (text: string, tokens: LegalTokens, escape = (value: string) => value) =>
  text.replace(tokenPattern, (match, name: string) => (Object.hasOwn(tokens, name) ? escape(tokens[name]!) : match));
