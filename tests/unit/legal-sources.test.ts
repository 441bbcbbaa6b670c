import { describe, expect, it } from 'vitest';
import { LegalSourceError, parseLegalSource } from '../../src/lib/legalSource.ts';
import { fillTokens, LegalTokenError } from '../../src/lib/legalTokens.ts';

// The legal sources' parser on small documents; the checks on the built pages are in tests/integration/legal.test.ts.
describe('legal sources', () => {
  const source = (frontMatter: string, body = '## Hello { #hello }\n\nText.') =>
    `---\n${frontMatter}\n---\n\n${body}\n`;
  const valid = 'title: Terms\neffective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: In short.';

  it('fills config values and keeps them literal Markdown-wise', () => {
    const parsed = parseLegalSource(
      source(valid, '## About {{productName}} { #about }\n\nWrite to [{{contactEmail}}](mailto:{{contactEmail}}).'),
      'test.md',
      { productName: 'Eat_Now*', contactEmail: 'team@eat.example' },
    );
    expect(parsed.html).toContain('About Eat_Now*');
    expect(parsed.html).not.toContain('<em>');
    expect(parsed.html).toContain('<a href="mailto:team@eat.example">team@eat.example</a>');
    expect(parsed.headings).toEqual([{ depth: 2, slug: 'about', text: 'About Eat_Now*' }]);
  });

  it('rejects an unknown token, naming the file and the token', () => {
    expect(() => fillTokens('Hello {{productname}}', 'src/content/legal/terms.md', { productName: 'X' })).toThrow(
      LegalTokenError,
    );
    expect(() => fillTokens('Hello {{productname}}', 'src/content/legal/terms.md', { productName: 'X' })).toThrow(
      'src/content/legal/terms.md: unknown token {{productname}}; expected one of {{productName}}',
    );
  });

  it.each([
    ['effective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: x', 'title is missing'],
    [
      'title: T\neffective: July 12, 2025\nlastUpdated: 2025-07-12\nsummary: x',
      'effective is "July 12, 2025"; expected a date written YYYY-MM-DD',
    ],
    [
      'title: T\neffective: 2025-07-12\nlastUpdated: 2025-07-01\nsummary: x',
      'lastUpdated is "2025-07-01"; expected a last-updated date on or after',
    ],
    ['title: T\neffective: 2025-07-12\nlastUpdated: 2025-07-12\nsummary: x\nauthor: me', 'author'],
  ])('rejects bad front matter (%j), naming the file and the field', (frontMatter, message) => {
    expect(() => parseLegalSource(source(frontMatter), 'src/content/legal/terms.md')).toThrow(LegalSourceError);
    expect(() => parseLegalSource(source(frontMatter), 'src/content/legal/terms.md')).toThrow(message);
  });
});
