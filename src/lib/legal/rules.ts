/**
 * The compliance check of the legal pages: what App Store, Google Play and SMS-registration reviewers look for
 * (docs/legal-checklist.md, "Checks a build can make"), run on the rendered HTML. It returns every failure,
 * each naming the clause, so the build (src/integrations/legalCheck.ts) and the tests can say exactly what is missing.
 * The legal text itself lives in src/content/legal; this file only states what that text must contain.
 */
import { ELEMENT_NODE, parse, type ElementNode } from 'ultrahtml';
import { decodeEntities, elementsOf, rawTextOf, textOf } from '../html.ts';
import { config, type SiteConfig } from '../config.ts';
import { routes } from '../routes.ts';
import { legalPages, type LegalPageKind } from './pages.ts';
import { formatLegalDate, type LegalFrontMatter } from './source.ts';

interface Clause {
  id: string;
  /** What reviewers call it; shown when it is missing. */
  name: string;
}
interface SubClause extends Clause {
  /** The top-level section it belongs in. */
  within: string;
}

/** The top-level sections, in exactly the specification's order (section 2: "Privacy Policy page", "Terms ..."). */
export const legalSections: Record<LegalPageKind, Clause[]> = {
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
export const legalSubSections: Record<LegalPageKind, SubClause[]> = {
  privacy: [
    { id: 'how-we-collect', name: 'how data is collected', within: 'information-we-collect' },
    { id: 'children', name: 'children under 13', within: 'information-we-collect' },
    { id: 'do-not-track', name: 'the Do Not Track answer', within: 'how-we-use-information' },
    { id: 'california-minors', name: 'California users under 18 removing content', within: 'content-ownership' },
    { id: 'service-providers', name: 'categories of recipients', within: 'data-sharing' },
    { id: 'no-sale', name: 'no sale of personal data', within: 'data-sharing' },
    { id: 'no-marketing-sharing', name: 'no sharing for marketing', within: 'data-sharing' },
    { id: 'delete-account', name: 'account deletion', within: 'retention' },
    { id: 'your-choices', name: 'how to revoke consent (choices)', within: 'retention' },
    { id: 'access-and-correction', name: 'reviewing and changing data', within: 'retention' },
    { id: 'material-changes', name: 'how material changes are announced', within: 'policy-updates' },
  ],
  terms: [
    { id: 'program', name: 'the program name', within: 'purpose-and-scope' },
    { id: 'message-types', name: 'what the messages are', within: 'purpose-and-scope' },
    { id: 'privacy', name: 'link to the Privacy Policy', within: 'opt-in-and-consent' },
    { id: 'rates', name: 'message and data rates', within: 'message-frequency' },
    { id: 'stop', name: 'STOP to opt out', within: 'opt-out' },
    { id: 'codes-in-progress', name: 'codes already requested', within: 'opt-out' },
    { id: 'help', name: 'HELP and a support email', within: 'opt-out' },
    { id: 'carriers', name: 'carriers not liable, delivery not guaranteed', within: 'liability' },
  ],
};

/** What the privacy policy must name as collected (specification section 1 and 3; Apple 5.1.1(i)). */
const collectedData = [
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

export interface LegalExpectations {
  config: Pick<SiteConfig, 'productName' | 'contactEmail' | 'otpCodesPerHour' | 'accountDeletionDays'>;
  routes: { home: string; privacy: string; terms: string };
  /** The document's front matter: its dates must match the page and the JSON-LD. */
  frontMatter: Pick<LegalFrontMatter, 'effective' | 'lastUpdated'>;
}

export interface LegalFailure {
  /** The clause or rule that failed, as reviewers would name it. */
  clause: string;
  /** What was found instead. */
  detail: string;
}

// Sentences that deny the opt-out ("cannot be opted out of", "you may not opt out"): CTIA and the FCC require that
// STOP is always honoured, so no such sentence may ever appear.
const deniesOptOut = [
  /\b(?:cannot|can ?not|can't|unable to|not (?:be )?(?:able|allowed|possible) to|may not|must not|no way to)\b[^.!?]*\bopt(?:s|ed|ing)?[- ]?out\b/i,
  /\bopt(?:s|ed|ing)?[- ]?out\b[^.!?]*\b(?:is|are) not (?:possible|available|allowed)\b/i,
];
const negation = /\b(?:not|never|no|neither|nor|without)\b|n't\b/i;
const aboutSelling = /\b(?:sell|sells|selling|sold|rent|rents|renting|rented)\b/i;
const aboutSharing =
  /\b(?:share|shares|shared|sharing|disclose|discloses|disclosed|give|gives|transfer|transfers|provide|provides)\b/i;
const forMarketing = /\b(?:marketing|promotional|promotions?|advertising|advertisers?)\b/i;
const noMarketingSharing =
  /mobile information, text-message opt-in data and consent will not be shared with third parties or affiliates for marketing or promotional purposes/i;

/** Checks one rendered legal page; returns every failure (an empty list when the page passes). */
export function checkLegalPage(kind: LegalPageKind, html: string, expected: LegalExpectations): LegalFailure[] {
  const page = readPage(html);
  const failures: LegalFailure[] = [];
  const fail = (clause: string, detail: string) => failures.push({ clause, detail });
  const { productName, contactEmail, otpCodesPerHour, accountDeletionDays } = expected.config;
  const word = legalPages[kind].titleWord;
  const otherRoute = kind === 'privacy' ? expected.routes.terms : expected.routes.privacy;

  // Title and h1.
  if (!page.title.includes(productName) || !page.title.includes(word)) {
    fail('title', `the title is "${page.title}"; expected the product name "${productName}" and "${word}"`);
  }
  if (page.h1s.length !== 1) fail('exactly one h1', `found ${page.h1s.length}`);
  else if (!page.h1s[0]!.includes(word)) fail('h1', `the h1 is "${page.h1s[0]}"; expected it to contain "${word}"`);
  if (!page.lang) fail('lang', 'the <html> element has no lang attribute');

  // Sections in the specification's order, and each required sub-section inside its section.
  const expectedIds = legalSections[kind].map((section) => section.id);
  const foundIds = page.sections.map((section) => section.id);
  if (foundIds.join() !== expectedIds.join()) {
    const missing = legalSections[kind].filter((section) => !foundIds.includes(section.id));
    fail(
      missing.length
        ? `section ${missing.map((section) => `"${section.name}" (#${section.id})`).join(', ')}`
        : 'section order',
      `the top-level section ids are [${foundIds.join(', ')}]; expected [${expectedIds.join(', ')}]`,
    );
  }
  for (const sub of legalSubSections[kind]) {
    const home = page.sections.find((section) => section.subIds.includes(sub.id));
    if (!home) fail(`${sub.name} (#${sub.id})`, `no sub-section with id "${sub.id}" inside #${sub.within}`);
    else if (home.id !== sub.within) {
      fail(`${sub.name} (#${sub.id})`, `the sub-section is inside #${home.id}; expected it inside #${sub.within}`);
    }
  }

  // Ids and in-page links.
  const duplicates = [...new Set(page.ids.filter((id, index) => page.ids.indexOf(id) !== index))];
  if (duplicates.length) fail('unique ids', `repeated ids: ${duplicates.join(', ')}`);
  for (const href of page.links.filter((link) => link.href.startsWith('#'))) {
    if (!page.ids.includes(decodeURIComponent(href.href.slice(1)))) {
      fail('in-page links resolve', `"${href.href}" (${href.text}) points at no element`);
    }
  }

  // Links: home, the other legal page, every email a mailto to the configured address.
  if (!page.links.some((link) => link.href === expected.routes.home && link.text === 'Back to Home')) {
    fail('Back to Home link', `no "Back to Home" link to ${expected.routes.home}`);
  }
  if (!page.links.some((link) => link.href === otherRoute)) {
    fail(
      kind === 'privacy' ? 'link to the Terms of Service' : 'link to the Privacy Policy',
      `no link to ${otherRoute}`,
    );
  }
  const mailtos = page.links.filter((link) => link.href.toLowerCase().startsWith('mailto:'));
  for (const link of mailtos.filter((link) => link.href !== `mailto:${contactEmail}`)) {
    fail('contact email', `a mail link goes to "${link.href}"; expected "mailto:${contactEmail}"`);
  }
  const contactSection = kind === 'privacy' ? 'contact' : 'help';
  if (!page.linksIn(contactSection).some((link) => link.href === `mailto:${contactEmail}`)) {
    fail('contact email', `no mailto:${contactEmail} link in #${contactSection}`);
  }
  for (const email of page.text.match(/[^\s@<>()"]+@[^\s@<>()"]+\.[a-z]{2,}/gi) ?? []) {
    if (email !== contactEmail) fail('contact email', `the text names "${email}"; expected only ${contactEmail}`);
  }

  // No placeholder left in.
  for (const placeholder of [/\{\{[^}]*\}?\}?/, /\bTODO\b/, /\blorem\b/i, /\bTBD\b/]) {
    const found = placeholder.exec(page.text) ?? placeholder.exec(page.attributeText);
    if (found) fail('no placeholder text', `found "${found[0]}"`);
  }

  // Dates: valid, and equal in the front matter, the visible <time> elements and the JSON-LD.
  checkDates(page, expected.frontMatter, fail);

  // Never deny the opt-out, on either page.
  for (const sentence of page.sentences.filter((text) => deniesOptOut.some((pattern) => pattern.test(text)))) {
    fail('STOP is always honoured', `this sentence says the user cannot opt out: "${sentence}"`);
  }

  if (kind === 'terms') {
    if (!page.textOf('purpose-and-scope').includes(productName)) {
      fail('the program name', `#purpose-and-scope does not name "${productName}"`);
    }
    if (!/message and data rates may apply/i.test(page.text))
      fail('message and data rates', 'no "Message and data rates may apply"');
    if (!new RegExp(`no more than ${otpCodesPerHour}\\b`).test(page.textOf('message-frequency'))) {
      fail('message frequency', `#message-frequency does not say "no more than ${otpCodesPerHour}" (otpCodesPerHour)`);
    }
    for (const keyword of ['STOP', 'HELP']) {
      if (!page.strong.includes(keyword)) fail(`${keyword} in bold`, `no <strong>${keyword}</strong>`);
    }
    if (!/\b(?:START|UNSTOP)\b/.test(page.text))
      fail('re-subscribe with START or UNSTOP', 'neither START nor UNSTOP is named');
    if (!/carriers are not liable for delayed or undelivered messages/i.test(page.text)) {
      fail('carriers not liable', 'no "Carriers are not liable for delayed or undelivered messages"');
    }
    if (!/delivery[^.]*not guaranteed/i.test(page.text))
      fail('delivery not guaranteed', 'no sentence saying delivery is not guaranteed');
    if (!/United States/.test(page.textOf('governing-law')))
      fail('governing law', '#governing-law does not name the United States');
  } else {
    if (!noMarketingSharing.test(page.text)) {
      fail(
        'no sharing for marketing',
        'no sentence "Mobile information, text-message opt-in data and consent will not be shared with third parties or affiliates for marketing or promotional purposes"',
      );
    }
    for (const sentence of page.sentences) {
      const risky = aboutSelling.test(sentence) || (aboutSharing.test(sentence) && forMarketing.test(sentence));
      if (risky && !negation.test(sentence)) {
        fail(
          'no sale or marketing sharing',
          `this sentence contradicts the no-sale / no-marketing promise: "${sentence}"`,
        );
      }
    }
    if (!page.textOf('retention').includes(`${accountDeletionDays} days`)) {
      fail('deletion period', `#retention does not say "${accountDeletionDays} days" (accountDeletionDays)`);
    }
    const collected = page.textOf('information-we-collect').toLowerCase();
    const missingData = collectedData.filter((item) => !collected.includes(item));
    if (missingData.length)
      fail('what is collected', `#information-we-collect does not name: ${missingData.join(', ')}`);
    if (!page.text.includes('Do Not Track')) fail('Do Not Track', 'no "Do Not Track" answer');
  }
  return failures;
}

function checkDates(
  page: Page,
  frontMatter: LegalExpectations['frontMatter'],
  fail: (clause: string, detail: string) => void,
) {
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
  const times = page.times;
  const expectedTimes = [frontMatter.effective, frontMatter.lastUpdated];
  if (times.map((time) => time.datetime).join() !== expectedTimes.join()) {
    fail(
      'dates',
      `the <time datetime> values are [${times.map((time) => time.datetime).join(', ')}]; expected the effective and last-updated dates [${expectedTimes.join(', ')}]`,
    );
  }
  for (const time of times) {
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

interface Section {
  id: string;
  subIds: string[];
  nodes: ElementNode[];
}
interface Link {
  href: string;
  text: string;
}
type Page = ReturnType<typeof readPage>;

/** The parts of a rendered page the rules look at. */
function readPage(html: string) {
  const document = parse(html);
  const elements = elementsOf(document);
  const byName = (name: string) => elements.filter((element) => element.name === name);
  const main = byName('main')[0];
  const body = elements.find((element) => (element.attributes.class ?? '').split(/\s+/).includes('legal-body'));

  // The document's top-level sections: the Markdown renders flat, so each h2 opens a section that runs to the next.
  const sections: Section[] = [];
  for (const child of body?.children ?? []) {
    if (child.type !== ELEMENT_NODE) continue;
    if (child.name === 'h2') sections.push({ id: child.attributes.id ?? '', subIds: [], nodes: [child] });
    else if (sections.length) {
      const current = sections[sections.length - 1]!;
      current.nodes.push(child);
      if (child.name === 'h3') current.subIds.push(child.attributes.id ?? '');
    }
  }
  const sectionNodes = (id: string) => sections.find((section) => section.id === id)?.nodes ?? [];
  const linkOf = (a: ElementNode): Link => ({ href: decodeEntities(a.attributes.href ?? ''), text: textOf(a) });
  const linksOf = (roots: ElementNode[]): Link[] => roots.flatMap((root) => descendants(root, ['a']).map(linkOf));
  const subSectionNodes = (id: string) => {
    // A sub-section runs from its h3 to the next heading.
    const all = sections.flatMap((section) => section.nodes);
    const start = all.findIndex((node) => node.name === 'h3' && node.attributes.id === id);
    if (start < 0) return [];
    const end = all.findIndex((node, index) => index > start && /^h[23]$/.test(node.name));
    return all.slice(start, end < 0 ? undefined : end);
  };
  const paragraphs = main ? descendants(main, ['p', 'li']) : [];
  return {
    lang: byName('html')[0]?.attributes.lang,
    title: byName('title').map(textOf).join(''),
    h1s: byName('h1').map(textOf),
    ids: elements.map((element) => element.attributes.id).filter((id): id is string => Boolean(id)),
    links: byName('a').map(linkOf),
    linksIn: (id: string) => linksOf(sectionNodes(id).length ? sectionNodes(id) : subSectionNodes(id)),
    sections,
    text: main ? textOf(main) : '',
    /** Attribute values of the page body, where a `{{token}}` left in a link address would hide. */
    attributeText: elements
      .filter((element) => element.name !== 'html' && element.name !== 'meta')
      .flatMap((element) => Object.values(element.attributes))
      .join(' '),
    textOf: (id: string) => sectionNodes(id).map(textOf).join(' '),
    sentences: paragraphs.flatMap((node) => textOf(node).split(/(?<=[.!?])\s+(?=[A-Z"“(])/)),
    strong: byName('strong').map(textOf),
    times: byName('time').map((time) => ({ datetime: time.attributes.datetime ?? '', text: textOf(time) })),
    jsonLd: byName('script')
      .filter((script) => script.attributes.type === 'application/ld+json')
      .flatMap((script) => {
        try {
          const value: unknown = JSON.parse(rawTextOf(script));
          return [value as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
  };
}

function descendants(root: ElementNode, names: string[]): ElementNode[] {
  return elementsOf(root).filter((element) => names.includes(element.name));
}

/** The default expectations of this build: the validated config and the routes module. */
export function expectationsFor(frontMatter: LegalExpectations['frontMatter']): LegalExpectations {
  return { config, routes, frontMatter };
}

export class LegalCheckError extends Error {
  override name = 'LegalCheckError';
}

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
      `The legal pages fail the compliance check (src/lib/legal/rules.ts, docs/legal-checklist.md):\n${lines.join('\n')}`,
    );
  }
}
