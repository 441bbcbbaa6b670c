/** The reviewer's view of a change of legal text: each changed section by its heading, its lines marked - and +. */
import { describe, expect, it } from 'vitest';
import { describeChanges, sectionChanges } from '../../src/lib/legal/approvals.node.ts';

const before = '---\ntitle: T\n---\n\nOpening.\n\n## Data { #data }\n\nWe keep it.\n\n### Sub { #sub }\n\nSame.\n';

describe('the section diff', () => {
  it('shows a reworded sentence under its section, and a reworded heading under its anchor', () => {
    const after = before.replace('We keep it.', 'We store it.').replace('### Sub', '### Part');
    expect(sectionChanges(before, after)).toEqual([
      { part: '## Data { #data }', lines: ['- We keep it.', '+ We store it.'] },
      { part: '### Part { #sub }', lines: ['- ### Sub { #sub }', '+ ### Part { #sub }'] },
    ]);
  });

  it('names a removed section and a changed front matter; YAML and moved blank lines get a line diff', () => {
    const after = before.replace('title: T', 'title: U').replace(/\n### Sub[\s\S]*/, '');
    expect(sectionChanges(before, after)).toEqual([
      { part: 'Title, dates and summary (front matter)', lines: ['- title: T', '+ title: U'] },
      { part: '### Sub { #sub }', lines: ['- ### Sub { #sub }', '- ', '- Same.'] },
    ]);
    const yaml = (value: number) => ({ 'data-practices.yaml': `a: 1\nb: ${value}\nc: 3\nd: 4\n` });
    expect(describeChanges(yaml(2), yaml(5))).toEqual([
      { part: 'data-practices.yaml', lines: ['@@ line 1', ' a: 1', '-b: 2', '+b: 5', ' c: 3'] },
    ]);
    expect(describeChanges({ 'p.md': before }, { 'p.md': before.replace('\n## Data', '\n\n## Data') })).toEqual([
      { part: 'p.md', lines: ['@@ line 6', ' ', '+', ' ## Data { #data }'] },
    ]);
  });
});
