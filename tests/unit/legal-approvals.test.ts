/** The reviewer's view of a change of a published page: each changed section by its heading, its lines marked - and +. */
import { describe, expect, it } from 'vitest';
import { sectionChanges } from '../../src/lib/legal/approvals.node.ts';

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
