/** The reviewer's view of a change of legal words: each changed section by its heading, its lines marked - and +. */
import { describe, expect, it } from 'vitest';
import { sectionChanges } from '../../src/lib/legal/approvals.node.ts';

const before = '---\ntitle: T\n---\n\nOpening.\n\n## Data { #data }\n\nWe keep it.\n\n### Sub { #sub }\n\nSame.\n';

describe('the section diff', () => {
  it('shows a reworded sentence under its section, and a reworded heading under its anchor', () => {
    const after = before.replace('We keep it.', 'We store it.').replace('### Sub', '### Part');
    expect(sectionChanges(before, after)).toEqual([
      { part: '## Data { #data }', lines: ['- We keep it.', '+ We store it.'] },
      { part: '### Part { #sub }', lines: ['- ### Sub { #sub }', '+ ### Part { #sub }'] },
    ]);
  });

  it('names a removed section and a changed front matter, and leaves out blank lines', () => {
    const after = before.replace('title: T', 'title: U').replace(/\n### Sub[\s\S]*/, '');
    expect(sectionChanges(before, after)).toEqual([
      { part: 'Title, dates and summary', lines: ['- title: T', '+ title: U'] },
      { part: '### Sub { #sub }', lines: ['- ### Sub { #sub }', '- Same.'] },
    ]);
    expect(sectionChanges(before, before.replace('\n## Data', '\n\n## Data'))).toEqual([]);
  });
});
