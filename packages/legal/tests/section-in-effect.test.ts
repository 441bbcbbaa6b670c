/**
 * A link names a legal section as some version of the page has it; the page a visitor gets today may be another
 * version (packages/legal/src/render/sectionInEffect.ts). On fixture headings: a renamed section links its id in effect, both
 * ways; a section added later links the one that holds it; an id no version has is left for the build's link check.
 */
import { describe, expect, it } from 'vitest';
import { namesSectionInEffect, sectionInEffect } from '../src/render/sectionInEffect.ts';

/** Headings written `## id` and `### id`, one a line. */
const headings = (outline: string) =>
  outline
    .trim()
    .split('\n')
    .map((line) => {
      const [marks, slug] = line.trim().split(' ') as [string, string];
      return { depth: marks.length, slug, text: `Heading ${slug}` };
    });

const inEffect = headings(`
  ## intro
  ## retention
  ### delete-account
  ### delete-data
  ### your-choices
  ## contact`);
const later = headings(`
  ## intro
  ## retention
  ### delete-account
  ### erase-some-data
  ### export
  ### your-choices
  ## contact`);
const renamed = headings(`
  ## intro
  ## retention
  ### delete-account
  ### erase-some-data
  ### your-choices
  ## contact`);

describe('a link to a section', () => {
  it('keeps an id the page in effect has', () => {
    expect(sectionInEffect('your-choices', inEffect, [renamed])?.slug).toBe('your-choices');
  });

  it('links the old id of a section renamed by a version approved for later, and the new one once it is in effect', () => {
    expect(sectionInEffect('erase-some-data', inEffect, [renamed, inEffect])).toEqual({
      depth: 3,
      slug: 'delete-data',
      text: 'Heading delete-data',
    });
    expect(sectionInEffect('delete-data', renamed, [renamed, inEffect])?.slug).toBe('erase-some-data');
  });

  it('links the section that holds it when the version in effect has no section in its place', () => {
    expect(sectionInEffect('export', inEffect, [later, inEffect])?.slug).toBe('retention');
  });

  it('links the page itself when no section of it matches, and leaves an id no version has to the link check', () => {
    const alone = headings('## intro');
    expect(sectionInEffect('erase-some-data', alone, [headings('## other\n## erase-some-data')])).toBeNull();
    expect(sectionInEffect('nowhere', inEffect, [renamed, inEffect])).toBeUndefined();
  });
});

describe('a section a support answer may name', () => {
  it('is one the version in effect has, or the newest words: a rename approved for later follows either', () => {
    expect(namesSectionInEffect('delete-data', inEffect, renamed)).toBe(true);
    expect(namesSectionInEffect('erase-some-data', inEffect, renamed)).toBe(true);
  });

  it('is not one only an older version had, which the fallback would point at another section without a word', () => {
    // `export` was in a version now replaced: in effect and newest alike, the page has no such section.
    expect(sectionInEffect('export', renamed, [renamed, later])?.slug).toBe('retention');
    expect(namesSectionInEffect('export', renamed, renamed)).toBe(false);
  });
});
