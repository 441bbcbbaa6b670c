/**
 * The compliance check of the legal pages: every row of docs/legal-checklist.md, run on the rendered HTML. The
 * clauses and the meaning rules are data (clauses.ts); the page is read by page.ts (document body only, by section)
 * and its sentences for meaning by meaning.ts. It returns every failure, each naming the clause, so the build
 * (src/integrations/legalCheck.ts) and the tests can say exactly what is missing and where.
 */
import type { ElementNode } from 'ultrahtml';
import { config, type SiteConfig } from '../config.ts';
import { elementsOf, textOf } from '../html.ts';
import { routes } from '../routes.ts';
import {
  legalSections,
  legalSubSections,
  meaningRules,
  requiredClauses,
  unitOf,
  type ClauseValues,
  type RequiredClause,
} from './clauses.ts';
import type { LiteralFigure } from './meaning.ts';
import { hasPhrase, plain, readLegalPage, type LegalPageView, type Link, type Part } from './page.ts';
import { legalPage, legalPages, otherLegalPages, type LegalPageKind } from './pages.ts';
import { consentWordingId, formatLegalDate, type LegalFrontMatter } from './source.ts';
import { lawFacts, siteHostOf } from './tokens.ts';

export { legalSections, legalSubSections } from './clauses.ts';

export interface LegalExpectations {
  config: Omit<ClauseValues, 'siteHost' | keyof typeof lawFacts> & Pick<SiteConfig, 'siteUrl'>;
  /** Home and every legal page's address, by kind. */
  routes: Record<string, string>;
  /** The document's front matter: its dates must match the page and the JSON-LD. */
  frontMatter: Pick<LegalFrontMatter, 'effective' | 'lastUpdated'>;
  /** Figures typed into the Markdown instead of coming from a token (source.ts). */
  figures: LiteralFigure[];
}

export interface LegalFailure {
  /** The clause or rule that failed, as reviewers would name it. */
  clause: string;
  /** What was found instead. */
  detail: string;
}

type Fail = (clause: string, detail: string) => void;

/** Checks one rendered legal page; returns every failure (an empty list when the page passes). */
export function checkLegalPage(kind: LegalPageKind, html: string, expected: LegalExpectations): LegalFailure[] {
  const page = readLegalPage(html);
  const failures: LegalFailure[] = [];
  const fail: Fail = (clause, detail) => failures.push({ clause, detail });
  const values: ClauseValues = { ...expected.config, ...lawFacts, siteHost: siteHostOf(expected.config.siteUrl) };

  checkDocument(kind, page, expected, fail);
  if (!page.hasBody) {
    fail('document body', 'no element with class "legal-body": nothing to check');
    return failures;
  }
  checkStructure(kind, page, fail);
  checkLinksAndText(kind, page, expected, fail);
  checkDates(page, expected.frontMatter, fail);
  for (const clause of requiredClauses[kind] ?? []) checkClause(clause, kind, page, values, expected.routes, fail);
  checkMeaning(kind, page, values, expected.frontMatter, fail);
  for (const { section, figure, token } of expected.figures) {
    const where = `"${figure}" is typed into the text of #${section || '(top)'}`;
    fail(
      'facts in one place',
      token
        ? `${where}; expected {{${token}}}, which the config fills`
        : `${where}; expected a {{token}} from the config, the law's figures (src/lib/legal/tokens.ts) or the front matter's facts`,
    );
  }
  if (kind === 'terms') {
    checkConsentWording(page, fail);
    checkSampleMessages(page, values, fail);
  }
  return failures;
}

/** Title, h1 and lang: what every reviewer sees first. */
function checkDocument(kind: LegalPageKind, page: LegalPageView, expected: LegalExpectations, fail: Fail) {
  const word = legalPage(kind).titleWord;
  const { productName } = expected.config;
  if (!page.title.includes(productName) || !page.title.includes(word)) {
    fail('title', `the title is "${page.title}"; expected the product name "${productName}" and "${word}"`);
  }
  if (page.h1s.length !== 1) fail('exactly one h1', `found ${page.h1s.length}`);
  else if (!page.h1s[0]!.includes(word)) fail('h1', `the h1 is "${page.h1s[0]}"; expected it to contain "${word}"`);
  if (!page.lang) fail('lang', 'the <html> element has no lang attribute');
}

/** The sections in the specification's order, each sub-section inside its section, none of them empty. */
function checkStructure(kind: LegalPageKind, page: LegalPageView, fail: Fail) {
  const sections = legalSections[kind] ?? [];
  const subSections = legalSubSections[kind] ?? [];
  const expectedIds = sections.map((section) => section.id);
  const foundIds = page.sections.map((section) => section.id);
  // A page with no fixed sections (a new one) keeps whatever sections its Markdown has.
  if (sections.length && foundIds.join() !== expectedIds.join()) {
    const missing = sections.filter((section) => !foundIds.includes(section.id));
    fail(
      missing.length
        ? `section ${missing.map((section) => `"${section.name}" (#${section.id})`).join(', ')}`
        : 'section order',
      `the top-level section ids are [${foundIds.join(', ')}]; expected [${expectedIds.join(', ')}]`,
    );
  }
  for (const sub of subSections) {
    const home = page.sections.find((section) => section.subSections.some((part) => part.id === sub.id));
    if (!home) fail(`${sub.name} (#${sub.id})`, `no sub-section with id "${sub.id}" inside #${sub.within}`);
    else if (home.id !== sub.within) {
      fail(`${sub.name} (#${sub.id})`, `the sub-section is inside #${home.id}; expected it inside #${sub.within}`);
    }
  }
  // A heading kept over an emptied section or sub-section is no clause at all.
  const names = new Map([...sections, ...subSections].map((clause) => [clause.id, clause.name]));
  for (const section of page.sections) {
    for (const part of [section, ...section.subSections]) {
      if (!part.text)
        fail(`${names.get(part.id) ?? part.heading} (#${part.id})`, `#${part.id} has a heading and no text`);
    }
  }
}

function checkLinksAndText(kind: LegalPageKind, page: LegalPageView, expected: LegalExpectations, fail: Fail) {
  const duplicates = [...new Set(page.ids.filter((id, index) => page.ids.indexOf(id) !== index))];
  if (duplicates.length) fail('unique ids', `repeated ids: ${duplicates.join(', ')}`);
  for (const link of page.links.filter((item) => item.href.startsWith('#'))) {
    if (!page.ids.includes(decodeURIComponent(link.href.slice(1)))) {
      fail('in-page links resolve', `"${link.href}" (${link.text}) points at no element`);
    }
  }
  if (!page.links.some((link) => link.href === expected.routes.home && link.text === 'Back to Home')) {
    fail('Back to Home link', `no "Back to Home" link to ${expected.routes.home}`);
  }
  for (const other of otherLegalPages(kind)) {
    const href = expected.routes[other.kind] ?? other.path;
    if (!page.links.some((link) => link.href === href)) fail(`link to the ${other.linkLabel}`, `no link to ${href}`);
  }
  // A screen reader spells a web address out letter by letter: link text says in words where the link goes.
  for (const link of page.links.filter((item) =>
    /^(https?:\/\/|www\.)|^[\w-]+(\.[\w-]+)+\/\S*$/i.test(item.text.trim()),
  )) {
    fail('link text in words', `a link reads "${link.text}"; expected words saying where it goes`);
  }
  const { contactEmail } = expected.config;
  for (const link of page.links.filter(
    (item) => /^mailto:/i.test(item.href) && item.href !== `mailto:${contactEmail}`,
  )) {
    fail('contact email', `a mail link goes to "${link.href}"; expected "mailto:${contactEmail}"`);
  }
  for (const email of page.body.text.match(/[^\s@<>()"]+@[^\s@<>()"]+\.[a-z]{2,}/gi) ?? []) {
    if (email !== contactEmail) fail('contact email', `the text names "${email}"; expected only ${contactEmail}`);
  }
  for (const placeholder of [/\{\{[^}]*\}?\}?/, /\bTODO\b/, /\blorem\b/i, /\bTBD\b/]) {
    const found = placeholder.exec(page.body.text) ?? placeholder.exec(page.attributeText);
    if (found) fail('no placeholder text', `found "${found[0]}"`);
  }
  // "Inc.." where a name ending in a period closes a sentence.
  const doubled = /\S*(?<!\.)\.\.(?!\.)\S*/.exec(page.body.text);
  if (doubled) fail('no double period', `found "${doubled[0]}"`);
}

/** The part a clause belongs in: a section, a sub-section, or an element of the body (the consent quotation). */
function partFor(page: LegalPageView, id: string): Part | undefined {
  const part = page.part(id);
  if (part) return part;
  const element = page.bodyElement(id);
  if (!element) return undefined;
  const inside = elementsOf(element);
  return {
    id,
    heading: '',
    nodes: [element],
    text: plain(textOf(element)),
    sentences: [],
    links: inside
      .filter((node) => node.name === 'a')
      .map((a) => ({ href: a.attributes.href ?? '', text: textOf(a) }) satisfies Link),
    strong: inside.filter((node) => node.name === 'strong').map(textOf),
  };
}

function checkClause(
  clause: RequiredClause,
  kind: LegalPageKind,
  page: LegalPageView,
  values: ClauseValues,
  pageRoutes: LegalExpectations['routes'],
  fail: Fail,
) {
  const part = partFor(page, clause.within);
  if (!part) {
    fail(clause.name, `no #${clause.within} in the document body`);
    return;
  }
  const phrases = (clause.phrases ?? []).map((phrase) => (typeof phrase === 'function' ? phrase(values) : phrase));
  const missing = [
    ...phrases.filter((phrase) => !hasPhrase(part.text, phrase)),
    ...(clause.denies && !part.sentences.some((sentence) => denies(sentence, clause.denies!))
      ? [`a sentence denying ${clause.denies.source}`]
      : []),
    ...(clause.keywords ?? []).filter((keyword) => !hasPhrase(part.text, keyword, true)),
  ];
  if (missing.length) fail(clause.name, `#${clause.within} does not say ${missing.map((m) => `"${m}"`).join(', ')}`);
  for (const word of clause.bold ?? []) {
    if (!part.strong.includes(word)) fail(clause.name, `#${clause.within} has no <strong>${word}</strong>`);
  }
  for (const target of clause.links ?? []) {
    const href = target === 'mailto' ? `mailto:${values.contactEmail}` : (pageRoutes[target] ?? legalPage(target).path);
    // A link to the page it is on goes to a place in it (checked to exist above): reloading the page helps no one.
    const found = part.links.some((link) => (target === kind ? link.href.startsWith('#') : link.href === href));
    if (!found)
      fail(clause.name, `#${clause.within} has no link to ${target === kind ? 'a place in this page' : href}`);
  }
}

const denies = (sentence: string, pattern: RegExp) =>
  unitOf(sentence).clauses.some((clause) => clause.negated && pattern.test(clause.text));

/** Every sentence and table row of the body, read for what it says (clauses.ts, `meaningRules`). */
function checkMeaning(
  kind: LegalPageKind,
  page: LegalPageView,
  values: ClauseValues,
  frontMatter: LegalExpectations['frontMatter'],
  fail: Fail,
) {
  const ruleValues = { ...values, dates: [frontMatter.effective, frontMatter.lastUpdated] };
  const rules = meaningRules.filter((rule) => !rule.pages || rule.pages.includes(kind));
  for (const section of page.sections) {
    for (const sentence of section.sentences) {
      const unit = unitOf(sentence);
      for (const rule of rules) {
        const said = rule.says(unit, ruleValues);
        if (said) fail(rule.name, `#${section.id} says it: ${said}`);
      }
    }
  }
}

/** The sign-up screen's words, quoted word for word (Twilio 30841/30842): a block quotation in #how-you-opt-in. */
function checkConsentWording(page: LegalPageView, fail: Fail) {
  const name = 'the consent wording of the sign-up screen';
  const quotation = page.bodyElement(consentWordingId);
  if (!quotation) return; // the clause check already names it missing
  if (quotation.name !== 'blockquote') {
    fail(name, `#${consentWordingId} is a <${quotation.name}>; expected a block quotation`);
  }
  const home = page.part('how-you-opt-in');
  if (!home?.nodes.some((node) => elementsOf(node).includes(quotation))) {
    fail(name, `#${consentWordingId} is not inside #how-you-opt-in`);
  }
}

/**
 * Two sample messages (TCR/Twilio campaign rules): each names the brand and holds a code; one adds "Reply STOP to opt
 * out"; one ends with the domain-bound line `@<site host> #<code>` (WICG origin-bound one-time codes) on its own line.
 */
function checkSampleMessages(page: LegalPageView, values: ClauseValues, fail: Fail) {
  const name = 'sample messages';
  const part = page.part('sample-messages');
  if (!part) return; // the structure check names the missing sub-section
  const samples: ElementNode[] = part.nodes.flatMap((node) =>
    elementsOf(node).filter((el) => el.name === 'blockquote'),
  );
  const texts = samples.map((sample) => plain(textOf(sample)));
  if (samples.length < 2) fail(name, `#sample-messages quotes ${samples.length} message(s); expected two`);
  texts.forEach((text, index) => {
    if (!hasPhrase(text, values.productName)) fail(name, `sample ${index + 1} does not name "${values.productName}"`);
    if (!/\b\d{4,8}\b/.test(text)) fail(name, `sample ${index + 1} holds no code: "${text}"`);
  });
  if (!texts.some((text) => hasPhrase(text, 'Reply STOP to opt out'))) {
    fail(name, 'no sample says "Reply STOP to opt out"');
  }
  const host = values.siteHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const bound = samples.findIndex((sample, index) => {
    const match = new RegExp(`(?:^|\\s)@${host} #(\\d{4,8})$`).exec(texts[index]!);
    const code = /\b\d{4,8}\b/.exec(texts[index]!)?.[0];
    return match && match[1] === code && elementsOf(sample).some((el) => el.name === 'br');
  });
  if (bound < 0) {
    fail(name, `no sample ends with its code's domain-bound line "@${values.siteHost} #<code>" on a line of its own`);
  }
}

function checkDates(page: LegalPageView, frontMatter: LegalExpectations['frontMatter'], fail: Fail) {
  const valid = (date: unknown) =>
    typeof date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  for (const [field, date] of [
    ['effective', frontMatter.effective],
    ['lastUpdated', frontMatter.lastUpdated],
  ]) {
    if (!valid(date)) fail('dates', `front matter ${field} is "${date}"; expected a real date written YYYY-MM-DD`);
  }
  const expectedTimes = [frontMatter.effective, frontMatter.lastUpdated];
  if (page.times.map((time) => time.datetime).join() !== expectedTimes.join()) {
    fail(
      'dates',
      `the <time datetime> values are [${page.times.map((time) => time.datetime).join(', ')}]; expected the effective and last-updated dates [${expectedTimes.join(', ')}]`,
    );
  }
  for (const time of page.times) {
    if (valid(time.datetime) && time.text !== formatLegalDate(time.datetime)) {
      fail(
        'dates',
        `<time datetime="${time.datetime}"> shows "${time.text}"; expected "${formatLegalDate(time.datetime)}"`,
      );
    }
  }
  const webPage = page.jsonLd.find((item) => item['@type'] === 'WebPage');
  if (!webPage) fail('dates', 'no schema.org WebPage JSON-LD');
  else if (webPage.datePublished !== frontMatter.effective || webPage.dateModified !== frontMatter.lastUpdated) {
    fail(
      'dates',
      `the JSON-LD has datePublished "${webPage.datePublished}" and dateModified "${webPage.dateModified}"; expected "${frontMatter.effective}" and "${frontMatter.lastUpdated}"`,
    );
  }
}

/** The default expectations of this build: the validated config and the routes module. */
export function expectationsFor(source: {
  data: LegalExpectations['frontMatter'];
  figures: LiteralFigure[];
}): LegalExpectations {
  const pageRoutes = { home: routes.home, ...Object.fromEntries(legalPages.map((page) => [page.kind, page.path])) };
  return { config, routes: pageRoutes, frontMatter: source.data, figures: source.figures };
}

export class LegalCheckError extends Error {
  override name = 'LegalCheckError';
}

/** Where the rules come from, named in every failure message. */
export const checklistPath = 'docs/legal-checklist.md';

/** Throws a LegalCheckError naming each page and each failed clause; returns quietly when every page passes. */
export function assertLegalPages(
  pages: { kind: LegalPageKind; path: string; html: string; expected: LegalExpectations }[],
): void {
  const lines = pages.flatMap((page) =>
    checkLegalPage(page.kind, page.html, page.expected).map(
      (failure) => `  - ${page.kind} page (${page.path}): ${failure.clause}: ${failure.detail}`,
    ),
  );
  if (lines.length) {
    throw new LegalCheckError(
      `The legal pages fail the compliance check (the rules: ${checklistPath}; the code: src/lib/legal/rules.ts):\n${lines.join('\n')}`,
    );
  }
}
