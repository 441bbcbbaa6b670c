/**
 * Reads a built legal page the way the compliance rules (rules.ts) need it. Clause checks read only the document
 * body (`.legal-body`, the rendered Markdown): never the summary box, the table of contents, the navigation or the
 * footer, so a clause that survives only in the summary counts as removed. The body is cut into its top-level
 * sections (each h2 runs to the next) and their sub-sections (each h3 runs to the next heading); a part's text
 * leaves its headings out, so a section emptied down to its heading has no text. Page-level facts (title, h1, lang,
 * ids, dates, JSON-LD) are read from the whole document.
 */
import { ELEMENT_NODE, parse, type ElementNode } from 'ultrahtml';
import { decodeEntities, elementsOf, rawTextOf, textOf } from '../html.ts';
import { normalize } from './meaning.ts';

export interface Link {
  href: string;
  text: string;
}

/** A section (h2) or a sub-section (h3) of the document body. */
export interface Part {
  id: string;
  heading: string;
  /** The part's elements after its heading; for a section, its sub-sections' elements too. */
  nodes: ElementNode[];
  /** Visible text of `nodes` without any heading, quotes straightened (see `plain`). */
  text: string;
  sentences: string[];
  links: Link[];
  /** Text of every `<strong>` in the part. */
  strong: string[];
}

export interface Section extends Part {
  subSections: Part[];
}

export interface LegalPageView {
  lang: string | undefined;
  title: string;
  h1s: string[];
  /** Every id in the document, in order (repeats included). */
  ids: string[];
  /** Every link in the document (navigation and footer included). */
  links: Link[];
  times: { datetime: string; text: string }[];
  jsonLd: Record<string, unknown>[];
  /** Attribute values of the document, where a `{{token}}` left in a link address would hide. */
  attributeText: string;
  /** Whether the page has a `.legal-body` at all. */
  hasBody: boolean;
  /** The body's whole text, sentences, links and ids. */
  body: Omit<Part, 'id' | 'heading'> & { ids: string[] };
  sections: Section[];
  /** A section or a sub-section by id. */
  part(id: string): Part | undefined;
  /** An element of the body by id. */
  bodyElement(id: string): ElementNode | undefined;
}

/**
 * Curly quotes and apostrophes (Markdown's smart punctuation) read as straight ones, and British spellings as US ones,
 * so phrases match either.
 */
export const plain = normalize;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern that finds `phrase` as whole words: not inside a longer word ("END" is not found in "SENDING"), any run of
 * whitespace between its words. Case-insensitive unless `exactCase` (reply keywords are written in capitals).
 */
export function phrasePattern(phrase: string, exactCase = false): RegExp {
  const words = plain(phrase).trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, exactCase ? 'u' : 'iu');
}

/** Whether `text` contains `phrase` as whole words. */
export const hasPhrase = (text: string, phrase: string, exactCase = false) =>
  phrasePattern(phrase, exactCase).test(plain(text));

/**
 * Sentences of paragraphs and list items (a sentence ends at . ! or ? followed by a capital, a quote or a bracket),
 * and table rows, each read as one sentence: "Search history | ... | 90 days".
 */
function sentencesOf(nodes: ElementNode[]): string[] {
  const blocks = nodes.flatMap((node) =>
    elementsOf(node).filter(
      (element) => element.name === 'p' || element.name === 'tr' || (element.name === 'li' && !hasBlockChild(element)),
    ),
  );
  return blocks.flatMap((block) =>
    block.name === 'tr'
      ? [
          plain(
            elementsOf(block)
              .filter((cell) => /^t[dh]$/.test(cell.name))
              .map(textOf)
              .join(' | '),
          ),
        ]
      : plain(textOf(block))
          .split(/(?<=[.!?])\s+(?=[A-Z"(])/)
          .filter(Boolean),
  );
}
const hasBlockChild = (element: ElementNode) =>
  element.children.some((child) => child.type === ELEMENT_NODE && ['p', 'blockquote'].includes(child.name));

const linkOf = (a: ElementNode): Link => ({ href: decodeEntities(a.attributes.href ?? ''), text: textOf(a) });

function partOf(id: string, heading: string, nodes: ElementNode[]): Part {
  const content = nodes.filter((node) => !/^h[1-6]$/.test(node.name));
  const inside = content.flatMap((node) => elementsOf(node));
  return {
    id,
    heading,
    nodes: content,
    text: plain(content.map(textOf).join(' ')).trim(),
    sentences: sentencesOf(content),
    links: inside.filter((element) => element.name === 'a').map(linkOf),
    strong: inside.filter((element) => element.name === 'strong').map(textOf),
  };
}

/** Reads one rendered legal page. */
export function readLegalPage(html: string): LegalPageView {
  const document = parse(html);
  const elements = elementsOf(document);
  const byName = (name: string) => elements.filter((element) => element.name === name);
  const bodyRoot = elements.find((element) => (element.attributes.class ?? '').split(/\s+/).includes('legal-body'));
  const bodyChildren = (bodyRoot?.children ?? []).filter((node): node is ElementNode => node.type === ELEMENT_NODE);

  // The Markdown renders flat: each h2 opens a section that runs to the next h2, each h3 a sub-section inside it.
  const raw: {
    id: string;
    heading: string;
    nodes: ElementNode[];
    subs: { id: string; heading: string; nodes: ElementNode[] }[];
  }[] = [];
  for (const child of bodyChildren) {
    if (child.name === 'h2') {
      raw.push({ id: child.attributes.id ?? '', heading: textOf(child), nodes: [], subs: [] });
      continue;
    }
    const section = raw.at(-1);
    if (!section) continue;
    section.nodes.push(child);
    if (child.name === 'h3') section.subs.push({ id: child.attributes.id ?? '', heading: textOf(child), nodes: [] });
    else section.subs.at(-1)?.nodes.push(child);
  }
  const sections: Section[] = raw.map((section) => ({
    ...partOf(section.id, section.heading, section.nodes),
    subSections: section.subs.map((sub) => partOf(sub.id, sub.heading, sub.nodes)),
  }));
  const parts = new Map<string, Part>();
  for (const section of sections) {
    for (const part of [section, ...section.subSections]) if (!parts.has(part.id)) parts.set(part.id, part);
  }
  const bodyElements = bodyRoot ? elementsOf(bodyRoot) : [];
  const body = partOf('', '', bodyChildren);

  return {
    lang: byName('html')[0]?.attributes.lang,
    title: byName('title').map(textOf).join(''),
    h1s: byName('h1').map(textOf),
    ids: elements.map((element) => element.attributes.id).filter((id): id is string => Boolean(id)),
    links: byName('a').map(linkOf),
    times: byName('time').map((time) => ({ datetime: time.attributes.datetime ?? '', text: textOf(time) })),
    jsonLd: byName('script')
      .filter((script) => script.attributes.type === 'application/ld+json')
      .flatMap((script) => {
        try {
          return [JSON.parse(rawTextOf(script)) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    attributeText: elements
      .filter((element) => element.name !== 'html' && element.name !== 'meta')
      .flatMap((element) => Object.values(element.attributes))
      .join(' '),
    hasBody: Boolean(bodyRoot),
    body: {
      ...body,
      // The body's text includes its headings: placeholders and email addresses hide there too.
      text: bodyRoot ? plain(textOf(bodyRoot)) : '',
      ids: bodyElements.map((element) => element.attributes.id).filter((id): id is string => Boolean(id)),
    },
    sections,
    part: (id) => parts.get(id),
    bodyElement: (id) => bodyElements.find((element) => element.attributes.id === id),
  };
}
