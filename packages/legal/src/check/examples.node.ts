/**
 * Which of the config's shipped example values (`example(...)` in site.config.ts) a page's words quote: once the
 * legal record is the owner's, `npm run legal:approve` refuses to freeze them ("100 Example Street", "DMCA-0000000"),
 * since an approved version can never change again. Structure only: a value counts as quoted when the page's words
 * contain it as typed (a name, an address, a host), or when the page's sources quote its `{{token}}` (a number, a
 * choice between sentences).
 */

import { parse as parseYaml } from 'yaml';
import { legalDir } from '../addresses/pages.node.ts';
import { readText } from '../files.node.ts';
import { type SiteConfig } from '../host.ts';
import { fieldsAtExampleValues } from '../host.node.ts';

/** Tokens computed from a config field (tokens.node.ts): quoting them quotes the field. */
const derivedTokens: Partial<Record<string, string[]>> = {
  siteUrl: ['siteHost'],
  replaysSessionSampleRate: ['replaySessionPercent'],
  smsOptOutWords: ['otherStopWords'],
  governingState: ['governingLaw'],
};

/** A value worth searching for as typed: long enough and not a plain word, so prose never matches it by chance. */
const literal = (value: string) => value.length >= 6 && /[\d@.\s/]/.test(value);

/**
 * Each example value the page quotes, as `field ("value")`. `text` is the page as published (its words and HTML);
 * `sources` the Markdown and the data and wording files its words are filled from, tokens unfilled.
 */
export function exampleValuesQuoted(
  config: SiteConfig,
  text: string,
  sources: string,
  values?: Record<string, unknown>,
): string[] {
  const words = text.replace(/\s+/g, ' ');
  return fieldsAtExampleValues(config, values).flatMap(({ field, path, value }) => {
    const typed = (typeof value === 'string' ? [value] : []).flatMap((each) => {
      const host = URL.canParse(each) ? [new URL(each).host] : [];
      return [each, ...host].filter(literal);
    });
    const tokens = [field, ...(derivedTokens[field] ?? [])];
    const quoted =
      typed.some((each) => words.includes(each)) ||
      tokens.some((token) => new RegExp(`\\{\\{\\s*${token}\\s*\\}\\}`).test(sources));
    return quoted && value !== '' ? [`${path} (${JSON.stringify(value)})`] : [];
  });
}

/**
 * The sources a page's words are filled from, tokens unfilled: its Markdown, the sentences of wording.yaml it quotes,
 * and, where it places data blocks, the data file and the blocks' words.
 */
export function legalSourcesOf(kind: string): string {
  const read = (name: string) => readText(`${legalDir}/${name}`);
  const markdown = read(`${kind}.md`);
  const { blocks, consentScreen, ...sentences } = parseYaml(read('wording.yaml')) as Record<string, unknown>;
  const quoted = Object.entries(sentences).flatMap(([name, sentence]) =>
    markdown.includes(`{{${name}}}`) ? [String(sentence)] : [],
  );
  const data = markdown.includes('{{practices.') ? [read('data-practices.yaml'), JSON.stringify(blocks)] : [];
  const screen = markdown.includes('consent-wording') ? [JSON.stringify(consentScreen)] : [];
  return [markdown, ...quoted, ...data, ...screen].join('\n');
}
