/**
 * The reviewer's view of a change of a published page (each changed section by its heading, its lines marked - and +),
 * and the record's checks, which a production build runs (tests/integration/legal-record.test.ts shows one stop it).
 */
import { describe, expect, it } from 'vitest';
import { frozenCopies, readApprovals, sectionChanges, type Approval } from '../../src/lib/legal/approvals.node.ts';

const before =
  '---\ntitle: T\n---\n<p>Opening.</p>\n<h2 id="data">Data</h2>\n<p>We keep it.</p>\n<h3 id="sub">Sub</h3>\n<p>Same.</p>\n';

describe('the section diff', () => {
  it('shows a reworded sentence under its section, and a reworded heading under its anchor', () => {
    const after = before.replace('We keep it.', 'We store it.').replace('>Sub<', '>Part<');
    expect(sectionChanges(before, after)).toEqual([
      { part: '## Data { #data }', lines: ['- We keep it.', '+ We store it.'] },
      { part: '### Part { #sub }', lines: ['- ### Sub { #sub }', '+ ### Part { #sub }'] },
    ]);
  });

  it('names a removed section and a changed front matter, and leaves out blank lines', () => {
    const after = before.replace('title: T', 'title: U').replace(/\n<h3 id="sub"[\s\S]*/, '');
    expect(sectionChanges(before, after)).toEqual([
      { part: 'Title, dates and summary', lines: ['- title: T', '+ title: U'] },
      { part: '### Sub { #sub }', lines: ['- ### Sub { #sub }', '- Same.'] },
    ]);
    expect(sectionChanges(before, before.replace('\n<h2', '\n\n<h2'))).toEqual([]);
  });
});

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
      (list) => (list.at(-1)!.reviews = [{ date: '2020-01-01', by: 'Test Approver' }]),
      latest,
      /a date of its record, 2020-01-01, is before the one before it/,
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
