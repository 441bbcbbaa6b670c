/**
 * The reviewer's view of a change of a published page (each changed section by its heading, its lines marked - and +),
 * and the record's checks, which a production build runs (tests/integration/legal-record.test.ts shows one stop it).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/index.ts';
import { example } from '../../../src/config/example.ts';
import {
  addDays,
  approvalSchema,
  approve,
  checkClock,
  checkNoPageLost,
  frozenCopies,
  isTemplateRecord,
  readApprovals,
  reviewHash,
  sectionChanges,
  type Approval,
  type ApprovalRequest,
} from '../src/record/approvals.node.ts';
import { exampleValuesQuoted } from '../src/check/examples.node.ts';
import { approveArgs, recordKey } from '../src/addresses/pages.ts';

const before =
  '---\ntitle: T\n---\n<p>Opening.</p>\n<h2 id="data">Data</h2>\n<p>We keep it.</p>\n<h3 id="sub">Sub</h3>\n<p>Same.</p>\n';

describe('the section diff', () => {
  it('shows a reworded sentence under its section, and a reworded heading under its anchor', () => {
    const after = before.replace('We keep it.', 'We store it.').replace('>Sub<', '>Part<');
    expect(sectionChanges(before, after)).toEqual([
      { id: 'data', part: '## Data { #data }', lines: ['- We keep it.', '+ We store it.'] },
      { id: 'sub', part: '### Part { #sub }', lines: ['- ### Sub { #sub }', '+ ### Part { #sub }'] },
    ]);
  });

  it('sees no change in a paragraph re-wrapped, nor in the record lines of a frozen copy, which no reader sees', () => {
    const frozen = (record: string, body: string) => `---\n${record}title: T\n---\n<h2 id="a">A</h2>\n<p>${body}</p>\n`;
    const first = frozen('version: 2026-01-01\napprovedBy: Ana\nnote: First\n', 'One rule is\nyours alone.');
    const second = frozen(
      'version: 2026-02-01\napprovedBy: Bo\nnote: Second\nnoNotice: None\n',
      'One rule\nis yours alone.',
    );
    expect(sectionChanges(first, second)).toEqual([]);
    // The same words in another order, or one more, are a change, under their section.
    expect(sectionChanges(first, second.replace('yours alone', 'alone yours'))).toEqual([
      { id: 'a', part: '## A { #a }', lines: ['- One rule is yours alone.', '+ One rule is alone yours.'] },
    ]);
  });

  it('names a removed section and a changed front matter, and leaves out blank lines', () => {
    const after = before.replace('title: T', 'title: U').replace(/\n<h3 id="sub"[\s\S]*/, '');
    expect(sectionChanges(before, after)).toEqual([
      { id: 'front matter', part: 'Title, dates and summary', lines: ['- title: T', '+ title: U'] },
      { id: 'sub', part: '### Sub { #sub }', lines: ['- ### Sub { #sub }', '- Same.'] },
    ]);
    expect(sectionChanges(before, before.replace('\n<h2', '\n\n<h2'))).toEqual([]);
  });
});

/** A review as `npm run legal:approve -- --reviewed` records it. */
const review = (approval: Approval, date: string) => {
  const words = { date, by: 'Test Approver', note: 'Yearly review' };
  return { ...words, sha256: reviewHash(approval, words) };
};

describe('the legal record only grows: the committed record with one edit stops, naming the page and the version', () => {
  const committed = readApprovals().terms!;
  const [first, latest] = [committed[0]!.version, committed.at(-1)!.version];
  const cases: [string, (list: Approval[]) => unknown, string, RegExp][] = [
    ['an earlier approver renamed', (list) => (list[0]!.approvedBy = 'Someone Else'), first, /approvedBy is "Some/],
    [
      'a date moved (a version is named after its date)',
      (list) => (list[0]!.date = '2001-01-01'),
      first,
      /expected 2001/,
    ],
    ['a frozen copy that is not the one approved', (list) => (list[0]!.sha256 = '0'.repeat(64)), first, /its sha256/],
    ['the latest record removed, its copy left', (list) => list.pop(), latest, /a frozen copy with no record/],
    [
      'a review dated before the record',
      (list) => (list.at(-1)!.reviews = [review(list.at(-1)!, '2020-01-01')]),
      latest,
      /a date of its record, 2020-01-01, is before the one before it/,
    ],
    ...(['by', 'date', 'note'] as const).map((field): (typeof cases)[number] => [
      `an earlier review's ${field} edited`,
      (list) => {
        const reviews = [review(list.at(-1)!, '2099-01-01'), review(list.at(-1)!, '2099-01-03')];
        reviews[0]![field] = field === 'date' ? '2099-01-02' : 'Edited';
        list.at(-1)!.reviews = reviews;
      },
      latest,
      /its review of 2099-01-0\d is not the review recorded \(its sha256\): its date, by or note was edited/,
    ]),
    [
      'a version that takes effect before its approval',
      (list) => (list.at(-1)!.takesEffect = '2020-01-01'),
      latest,
      /it takes effect on 2020-01-01, before its approval/,
    ],
    [
      'what followed a significant change, edited',
      (list) => (list.at(-1)!.followed = { ...review(list.at(-1)!, '2099-01-01'), note: 'Edited' }),
      latest,
      /what followed it is not as recorded \(its sha256\): its date, by or note was edited/,
    ],
    [
      'what followed recorded on a version that is no significant change',
      (list) => (list.at(-1)!.followed = review(list.at(-1)!, '2099-01-01')),
      latest,
      /it records what followed a significant change, but it is not one/,
    ],
  ];
  it('stops nothing as committed', () => expect(frozenCopies('terms', committed)).toHaveLength(committed.length));
  it.each(cases)('%s', (_, edit, version, message) => {
    const list = structuredClone(committed);
    edit(list);
    expect(() => frozenCopies('terms', list)).toThrow(message);
    expect(() => frozenCopies('terms', list)).toThrow(`terms@${version}:`);
  });
});

describe('no page users agreed to leaves the site', () => {
  it('stops when a page with approved versions has no Markdown file any more, naming it', () => {
    // Every page of the record, translations (`privacy.es`) included: they are records of their own.
    const kinds = Object.keys(readApprovals());
    expect(() => checkNoPageLost(kinds)).not.toThrow();
    expect(() => checkNoPageLost(kinds.filter((kind) => kind !== 'terms'))).toThrow(
      'terms: approved versions in src/content/legal/approvals.yaml or src/content/legal/versions/terms/, but no src/content/legal/terms.md',
    );
    // A translation's file is in its language's folder.
    expect(() => checkNoPageLost(['terms'], { 'privacy.xx': [] }, ['en', 'xx'])).toThrow(
      'privacy.xx: approved versions in src/content/legal/approvals.yaml or src/content/legal/versions/privacy.xx/, but no src/content/i18n/xx/legal/privacy.md',
    );
  });
});

describe('an approval refuses, naming what it got and what it expected', () => {
  const kind = 'terms';
  const latest = frozenCopies(kind, readApprovals()[kind]!).at(-1)!;
  const changed = { data: latest.data, html: `${latest.html}<p>A new sentence.</p>` };
  const on = addDays(latest.approval.date, 1);
  // The template's maintainers approve on its record; an owner, on their own.
  const template = isTemplateRecord();
  const request = { by: 'Test Approver', on, note: 'A new sentence', template };
  const refusal = (edit: Partial<ApprovalRequest>) => {
    try {
      approve(kind, changed, { ...request, ...edit });
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('approved: the test must never write the record');
  };

  it('no note for readers', () => expect(refusal({ note: ' ' })).toContain('terms: --note is missing'));
  it.runIf(template)("an owner's approval on the template's record", () =>
    expect(refusal({ template: false })).toContain('start your own record first: npm run legal:new-record'),
  );
  it.skipIf(template)("the template's approval on an owner's record", () =>
    expect(refusal({ template: true })).toContain("--template is for the template's own record; this one is yours"),
  );
  it('an effective date before the approval', () =>
    expect(refusal({ takesEffect: latest.approval.date })).toContain(
      `--effective ${latest.approval.date} is before the approval's date, ${on}`,
    ));
  it('a change sooner than the notice period, unless it needs no notice', () => {
    expect(refusal({ takesEffect: addDays(on, 29) })).toContain(
      `gives less than the page's 30 days of notice; expected ${addDays(on, 30)} or later, or --no-notice`,
    );
    expect(refusal({ takesEffect: addDays(on, 6), noticeDays: 7 })).toContain("the page's 7 days of notice");
  });
  it('a change of a terms or privacy page without the choice of whether it is significant', () =>
    expect(refusal({ takesEffect: addDays(on, 30) })).toContain(
      'terms: --significant or --not-significant is missing: whether this change is significant is yours to decide',
    ));
  it('what followed a version that is no significant change', () =>
    expect(refusal({ followed: true })).toContain(
      `terms: --followed records what followed a significant change; the latest version, terms@${latest.approval.version}, is not one`,
    ));
  it('a note naming a section (#id) whose words did not change', () => {
    const ids = [...latest.html.matchAll(/<h[23][^>]*\sid="([^"]+)"/g)].map(([, id]) => id!);
    const [first, last] = [ids[0]!, ids.at(-1)!];
    expect(refusal({ note: `Adds a sentence to #${first}` })).toContain(
      `terms: --note names #${first}, whose words did not change since terms@${latest.approval.version}; expected one of the sections that changed: #${last}`,
    );
    // The section that did change passes this check (and meets the next: the notice period).
    expect(refusal({ note: `Adds a sentence to #${last}` })).toContain('days of notice');
  });
});

describe('example values of the config in the words', () => {
  const config = loadConfig();
  it('names each example value a page quotes, typed or by its token', () => {
    // The values as the template ships them, whatever the owner's config holds now: each still its example.
    const values = {
      siteUrl: example(config.siteUrl),
      legalAddress: example(config.legalAddress),
      liabilityCapUsd: example(config.liabilityCapUsd),
      contactEmail: example(config.contactEmail),
    };
    const quoted = exampleValuesQuoted(
      loadConfig(),
      `<p>Write to ${config.legalAddress}. Codes end @${new URL(config.siteUrl).host} #123456.</p>`,
      'capped at US${{liabilityCapUsd}}',
      values,
    );
    expect(quoted).toEqual([
      `siteUrl (${JSON.stringify(config.siteUrl)})`,
      `legalAddress (${JSON.stringify(config.legalAddress)})`,
      `liabilityCapUsd (${config.liabilityCapUsd})`,
    ]);
  });
  it('names none once the owner wrote their own', () =>
    expect(exampleValuesQuoted(loadConfig(), `<p>${config.legalAddress}</p>`, '{{liabilityCapUsd}}', {})).toEqual([]));
});

describe('a language code with a region or a script (pt-BR, zh-Hant)', () => {
  it('keys its record, and is the --locale that npm run legal:approve is told', () => {
    expect(recordKey('privacy', 'pt-BR')).toBe('privacy.pt-BR');
    expect(approveArgs('privacy')).toBe('privacy');
    expect(approveArgs('privacy.es')).toBe('privacy --locale es');
    expect(approveArgs('privacy.pt-BR')).toBe('privacy --locale pt-BR');
    expect(approveArgs('privacy-choices.zh-Hant')).toBe('privacy-choices --locale zh-Hant');
  });

  it("is an address the record's own form accepts, as approve writes it", () => {
    const path = approvalSchema.shape.path;
    for (const address of ['/privacy', '/es/privacy', '/pt-BR/privacy', '/zh-Hant/privacy-choices'])
      expect(path.safeParse(address).success, address).toBe(true);
    expect(path.safeParse('/pt_BR/privacy').success).toBe(false);
  });
});

describe('a clock behind the record', () => {
  const approval = (version: string, reviews: string[] = []) =>
    ({
      version,
      date: version.slice(0, 10),
      approvedBy: 'Test Approver',
      note: 'A note',
      sha256: '0'.repeat(64),
      reviews: reviews.map((date) => ({ date, by: 'Test Approver', note: 'Review', sha256: '0'.repeat(64) })),
    }) satisfies Approval;
  const record = { terms: [approval('2026-11-27')], 'privacy.es': [approval('2026-12-02')] };
  const refusal = (approvals: Record<string, Approval[]>, on: string) => {
    try {
      checkClock(approvals, on);
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it("stops, naming the record's latest approval, its date and the clock's, and what to set right", () => {
    const said = refusal(record, '2026-12-01');
    expect(said).toContain(
      "The clock reads 2026-12-01 (UTC), before the legal record's latest date: privacy.es@2026-12-02 was approved on 2026-12-02 (src/content/legal/approvals.yaml)",
    );
    expect(said).toContain("Set this machine's clock to the right date and time");
    // A review is a date of the record too.
    expect(refusal({ ...record, terms: [approval('2026-11-27', ['2026-12-05'])] }, '2026-12-04')).toContain(
      'terms@2026-11-27 was reviewed on 2026-12-05',
    );
  });

  it('holds on the day of the latest date and after, and on an empty record', () => {
    expect(refusal(record, '2026-12-02')).toBe('no error');
    expect(refusal(record, '2027-01-01')).toBe('no error');
    expect(refusal({}, '2001-01-01')).toBe('no error');
  });
});
