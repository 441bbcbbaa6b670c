/**
 * Reading legal prose for what it says rather than for its exact words, so the check (rules.ts) stops a contradiction
 * however it is worded and lets a harmless edit through:
 * - `normalize` reads British and US spellings, and curly and straight quotes, as one;
 * - `clausesOf` cuts a sentence where its meaning can turn ("..., but ...", ";", ":") and marks each clause negated
 *   or not: a negation only covers its own clause, so "we do not sell X, but we share Y for marketing" is read as a
 *   denial followed by an admission;
 * - `durationsIn` and `datesIn` read the figures a sentence states, to compare them with the tokens' values;
 * - `literalFigures` finds figures, and the config's names, typed into the Markdown instead of coming from a token.
 */

/** British spellings, read as their US forms (the pages are written in US English; both spellings build). */
const usSpellings: [RegExp, string][] = [
  [/\blicen[cs]e/gi, 'license'],
  [/\b(behavio|hono|colo|favo|labo|neighbo)ur/gi, '$1r'],
  [
    /\b(anonym|organ|author|recogn|minim|summar|categor|prior|util|custom|real|emphas|apolog|special|final|standard|person)is(e|ed|es|ing|ation|ations)\b/gi,
    '$1iz$2',
  ],
  [/\bcentre/gi, 'center'],
  [/\bcatalogue/gi, 'catalog'],
  [/\benrolment/gi, 'enrollment'],
  [/\bcancell(ed|ing)\b/gi, 'cancel$1'],
];

/** Straight quotes and US spellings: what every phrase and every rule is matched against. */
export function normalize(text: string): string {
  let result = text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
  for (const [pattern, us] of usSpellings) result = result.replace(pattern, us);
  return result;
}

export interface Clause {
  text: string;
  /** A negation ("not", "never", "no one", "won't" ...) stands in the clause. */
  negated: boolean;
}

export const negation =
  /\b(?:not|never|no|none|nobody|nothing|neither|nor|without|cannot|no one)\b|n't\b|\bno longer\b/i;

/** "No later than 60 days", "no more than 6 codes": limits, not negations. */
const comparative = /\b(?:no|not)\s+(?:later|more|less|fewer|sooner|earlier|longer)\s+than\b/gi;
const isNegated = (text: string) => negation.test(text.replace(comparative, ' '));

/** Where a sentence's meaning can turn: each side is read on its own. */
const clauseBreak =
  /\s*(?:;|:|\s[–—-]\s|,?\s+(?:but|however|yet|although|though|whereas|except that|instead)\b,?|,\s*(?:and|so|while)\s+(?=(?:then|we|they|you|it|our|your|partners?|advertisers?|codes?|texts?|messages?)\b)|\s+and\s+(?=(?:then|we|they|you|it)\s))\s*/i;

/** A clause that only says the opposite of the one before ("..., but signing in again does") takes its predicate. */
const elliptic = /\b(?:does|do|did|will|can|may|is|are|would|could|might|has|have)\.?$/i;

export function clausesOf(sentence: string): Clause[] {
  const parts = normalize(sentence)
    .split(clauseBreak)
    .map((part) => part.trim())
    .filter(Boolean);
  const clauses: Clause[] = [];
  for (const text of parts) {
    const previous = clauses.at(-1);
    if (previous?.negated && elliptic.test(text) && !isNegated(text)) {
      clauses.push({ text: `${text} ${previous.text.replace(new RegExp(negation.source, 'gi'), '')}`, negated: false });
    } else {
      clauses.push({ text, negated: isNegated(text) });
    }
  }
  return clauses;
}

const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};
const unitDays: Record<string, number> = {
  minute: 1 / 1440,
  hour: 1 / 24,
  'business day': 7 / 5,
  day: 1,
  week: 7,
  month: 30,
  year: 365,
};
const durationPattern = new RegExp(
  `\\b(\\d+(?:\\.\\d+)?|${Object.keys(numberWords).join('|')})\\s+(business day|minute|hour|day|week|month|year)s?\\b`,
  'gi',
);

/** The durations a text states, in days ("within 2 months" -> 60). */
export function durationsIn(text: string): number[] {
  return [...text.matchAll(durationPattern)].map((match) => {
    const amount = numberWords[match[1]!.toLowerCase()] ?? Number(match[1]);
    return amount * unitDays[match[2]!.toLowerCase()]!;
  });
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const month = `(${months.join('|')}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\.?`;
const pad = (value: number) => String(value).padStart(2, '0');
const iso = (year: number, monthIndex: number, day: number) => `${year}-${pad(monthIndex + 1)}-${pad(day)}`;
const monthIndex = (name: string) => months.findIndex((full) => full.startsWith(name.toLowerCase().slice(0, 3)));

/**
 * The dates a text states, as YYYY-MM-DD; a date without a year or day ("from the first of March", "March 2025")
 * reads as "partial", which never equals a page's dates.
 */
export function datesIn(text: string): string[] {
  const found: string[] = [];
  const patterns: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/\b(\d{4})-(\d{2})-(\d{2})\b/g, (m) => `${m[1]}-${m[2]}-${m[3]}`],
    [
      new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'),
      (m) => iso(+m[3]!, monthIndex(m[1]!), +m[2]!),
    ],
    [
      new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}\\s+(\\d{4})\\b`, 'gi'),
      (m) => iso(+m[3]!, monthIndex(m[2]!), +m[1]!),
    ],
    [/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (m) => iso(+m[3]!, +m[1]! - 1, +m[2]!)],
  ];
  let rest = text;
  for (const [pattern, toIso] of patterns) {
    rest = rest.replace(pattern, (...args) => {
      found.push(toIso(args as unknown as RegExpMatchArray));
      return ' ';
    });
  }
  // "May" is also a verb: as a month it needs a day or a year next to it.
  const partial = new RegExp(
    `\\b(?:(?!may\\b)${month}(?:\\s+\\d{1,4})?|may\\s+\\d{1,4}|(?:the\\s+)?\\w+(?:st|nd|rd|th)\\s+of\\s+${month})\\b`,
    'gi',
  );
  if (partial.test(rest)) found.push('partial');
  return found;
}

export interface LiteralFigure {
  /** The id of the section or sub-section it stands in ("" before the first heading). */
  section: string;
  figure: string;
  /** For a name from the config typed by hand: the token that writes it. */
  token?: string;
}

/** Article and section numbers name the law, not a fact of the app: "Art. 9(2)(a)", "section 5.1.2(i)". */
const citation =
  /\b(?:Arts?\.|Articles?|sections?|§|guidelines?|rules?|CFR|Code)\s*\d+(?:\.\d+)*(?:\([a-z0-9]+\))*(?:\s*(?:-|–|to|and|,)\s*\d+(?:\.\d+)*(?:\([a-z0-9]+\))*)*/gi;
const spelledNumber =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen)\b/gi;
const spelledDuration =
  /\b(?:(?:a|an|one|every|each)\s+(?:minute|hour|day|business day|week|fortnight|month|quarter|year|decade)|annually|yearly|monthly|weekly|daily|hourly)\b/gi;
const digits = /\d+(?:[.,:/-]\d+)*/g;

/**
 * Every figure, number word, duration or date typed into a Markdown body instead of coming from a `{{token}}`,
 * with the section it stands in, and every one of `names` (token name to the config's value, like the AI provider's
 * name) typed as a whole word: either would outlive a change to the config. Token names, heading ids, link
 * addresses, HTML tags, list numbers and citations of the law are not prose.
 */
export function literalFigures(markdown: string, names: Record<string, string> = {}): LiteralFigure[] {
  const namePatterns = Object.entries(names)
    .filter(([, value]) => value.trim().length >= 3)
    .map(([token, value]) => ({ token, pattern: new RegExp(`(?<!\\w)${RegExp.escape(value.trim())}(?!\\w)`, 'g') }));
  const figures: LiteralFigure[] = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,6}\s.*\{\s*#([\w-]+)\s*\}\s*$/.exec(line);
    if (heading) section = heading[1]!;
    const prose = line
      .replace(/\{\{[^}]*\}\}/g, ' ')
      .replace(/\{\s*#[\w-]+\s*\}/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/^\s*(?:>\s*)*\d+\.\s/, ' ')
      .replace(citation, ' ');
    for (const pattern of [digits, spelledNumber, spelledDuration]) {
      for (const match of prose.matchAll(pattern)) figures.push({ section, figure: match[0] });
    }
    for (const date of datesIn(prose)) if (date === 'partial') figures.push({ section, figure: 'a date' });
    for (const { token, pattern } of namePatterns) {
      for (const match of prose.matchAll(pattern)) figures.push({ section, figure: match[0], token });
    }
  }
  return figures;
}
