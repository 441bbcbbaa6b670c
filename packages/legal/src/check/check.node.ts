/**
 * The legal pages' structural check, run on each page as its words are filled (text.node.ts): what code can check
 * for certain. Sections in order with their anchors, the mandated sentences where a rule wants them (as their token),
 * no unknown token, no config-held name typed by hand, in-page links that resolve, one contact address. What a
 * sentence means is for the person who approves the text (docs/legal-pages.md).
 */
import type { LegalHeading } from '../record/frontMatter.ts';
import { requiredIn } from './law.ts';
import { markdownParts } from '../render/markdown.node.ts';
import { filledNames, maxSentenceWords, maxWords, reading } from './readability.ts';
import { legalSections, legalSubSections } from '../render/sections.ts';
import { decodeHTML, escapeUTF8 } from 'entities';
import { isLiteral, nameTokens, type LegalTokens } from '../render/tokens.node.ts';
import { type Features, type Locale } from '../host.ts';
import { languageOf } from '../host.node.ts';

export interface LegalEntry {
  /** The summary and the Markdown body as written, tokens unfilled. */
  template: string;
  /** The same, filled: what is left of a token in it is unknown. */
  filled: string;
  /** The filled body, rendered. */
  html: string;
  /** The filled summary, as shown above the article. */
  summary?: string;
  headings: LegalHeading[];
}

/**
 * The Markdown of each part by id (a section with its sub-sections, a sub-section, an element with an id), and the
 * section each sub-section is in.
 */
function sourceParts(template: string) {
  const parts = new Map<string, string>();
  const within = new Map<string, string>();
  let section = '';
  for (const { id, depth, lines } of markdownParts(template)) {
    if (depth === 2) section = id;
    if (depth) parts.set(id, lines.join('\n'));
    if (depth === 3) within.set(id, section);
    if (depth === 3 && section) parts.set(section, `${parts.get(section)}\n${lines.join('\n')}`);
  }
  for (const match of template.matchAll(/<(\w+)[^>]*\sid="([\w-]+)"[^>]*>([\s\S]*?)<\/\1>/g))
    parts.set(match[2]!, match[3]!);
  return { parts, within };
}

/** Every failure of one entry, each naming what is wrong and what was expected; an empty list when it passes. */
export function checkLegalEntry(
  kind: string,
  entry: LegalEntry,
  tokens: LegalTokens,
  locale: Locale = 'en',
  features?: Features,
): string[] {
  const failures: string[] = [];
  const ids = new Set([...entry.html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));
  const top = entry.headings.filter((heading) => heading.depth === 2).map((heading) => heading.slug);
  const expected = legalSections[kind] ?? [];
  if (expected.length && top.join() !== expected.join()) {
    failures.push(`the sections are [${top.join(', ')}]; expected exactly [${expected.join(', ')}], in this order`);
  }
  const { parts, within } = sourceParts(entry.template);
  // A clause of a feature the app lacks is not required (src/config/features.ts).
  for (const sub of (legalSubSections[kind] ?? []).filter(({ feature }) => !feature || features?.[feature] !== false)) {
    if (within.get(sub.id) !== sub.within) {
      failures.push(
        `${sub.name} (#${sub.id}) is ${within.has(sub.id) ? `inside #${within.get(sub.id)}` : 'missing'}; expected it inside #${sub.within}`,
      );
    }
  }
  // A heading kept over an emptied section: the next heading, at its level or above, follows at once.
  for (const [, level, id, next] of entry.html.matchAll(/<h([23]) id="([^"]+)"[^>]*>[^\n]*?<\/h\1>\s*(?:<h(\d)|$)/g)) {
    if (!next || next <= level!) failures.push(`#${id} has a heading and no text`);
  }
  // A sentence the law wants in a clause of a feature the app lacks goes with the clause.
  for (const { text, within } of requiredIn(kind, features)) {
    if (parts.get(within)?.includes(text)) continue;
    const token = /^\{\{([\w.]+)\}\}$/.exec(text)?.[1];
    const value = token && tokens[token] ? ` ("${tokens[token]}")` : '';
    failures.push(`#${within} does not ${token ? `quote ${text}${value}` : `show ${text} in bold`}`);
  }
  const unknown = [...new Set(entry.filled.match(/\{\{[^}]*\}\}/g) ?? [])];
  if (unknown.length) {
    const known = [...Object.keys(tokens), 'practices.<block> (a line of its own)'].map((name) => `{{${name}}}`);
    failures.push(`unknown token ${unknown.join(', ')}; expected one of ${known.join(', ')}`);
  }
  for (const name of nameTokens) {
    const value = tokens[name];
    if (value && entry.template.replace(/\{\{[^}]*\}\}/g, '').includes(value)) {
      failures.push(`"${value}" is typed by hand; expected {{${name}}}, which the config fills`);
    }
  }
  for (const [, href] of entry.html.matchAll(/href="([^"]*)"/g)) {
    if (href!.startsWith('#') && !ids.has(decodeURIComponent(href!.slice(1))))
      failures.push(`the link "${href}" points at no element`);
    // The contact address, and the copyright agent's for DMCA notices (17 U.S.C. 512(c)(2)).
    const mail = [tokens.contactEmail, tokens.copyrightAgentEmail].map((address) => `mailto:${address}`);
    // A prefilled subject may follow the address (`?subject=...`).
    if (href!.startsWith('mailto:') && !mail.includes(href!.split('?')[0]!)) {
      failures.push(`a mail link goes to "${href}"; expected ${mail.map((m) => `"${m}"`).join(' or ')}`);
    }
  }
  // A host, URL or email address reaches the reader exactly as the config holds it: no dash or quote changed inside it.
  const text = decodeHTML(entry.html.replace(/<[^>]+>/g, ''));
  for (const name of new Set([...entry.template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))) {
    const value = tokens[name];
    // A URL may be a link's target, not its text.
    const shown = value && /^https?:\/\//.test(value) ? decodeHTML(entry.html) : text;
    if (value && isLiteral(value) && !shown.includes(value))
      failures.push(`{{${name}}} ("${value}") is not shown as written; expected it exactly, no dash or quote changed`);
  }
  // A name the config fills counts as one word (readability.ts, nameFields): the tokens hold it by its field's name.
  const { words, sentences } = reading(`<p>${escapeUTF8(entry.summary ?? '')}</p>${entry.html}`, filledNames(tokens));
  for (const sentence of sentences.filter((each) => each.words > maxSentenceWords))
    failures.push(`a sentence of ${sentence.words} words: "${sentence.text}"; expected at most ${maxSentenceWords}`);
  const english = maxWords[kind];
  const wordLimit = english && Math.round(english * languageOf(locale).wordsPerEnglishWord);
  if (wordLimit && words > wordLimit)
    failures.push(`${words} words in the summary and the article; expected at most ${wordLimit}`);
  // "todo" is a Spanish word ("all"): other languages' placeholders are caught in capitals only.
  const placeholder = (locale === 'en' ? /\b(TODO|TBD|lorem)\b/i : /\b(TODO|TBD|[Ll]orem)\b/).exec(entry.template);
  if (placeholder) failures.push(`placeholder text "${placeholder[0]}"`);
  return failures;
}
