/**
 * Which way a language's text runs (src/lib/direction.ts): from its BCP-47 tag, by the engine's own data or, without
 * it, by the lists of right-to-left scripts and languages, unless its words set `language.dir`; a `dir` that is
 * neither stops the build, naming the file, the field and the values expected.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languageDirection, listedDirection, tagDirection } from '../../src/lib/direction.ts';
import { LanguageError, languageFacts, wordsFile } from '../../src/lib/languages.node.ts';
import { WordsError, wordsAsWritten } from '../../src/lib/words/words.node.ts';
import { languageSchema } from '../../src/lib/words/schema.ts';

const rtl = ['ar', 'ar-EG', 'he', 'he-IL', 'fa', 'fa-IR', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug', 'az-Arab'];
const ltr = ['en', 'en-US', 'es', 'pt-BR', 'fr-CA', 'ja', 'zh-Hant', 'ku', 'ar-Latn', 'hi'];

describe('the direction of a tag', () => {
  it.each(rtl)('%s is right to left', (tag) => {
    expect(tagDirection(tag)).toBe('rtl');
    // The same without the engine's text info, as a runtime without Intl.Locale's getTextInfo reads it.
    expect(listedDirection(tag)).toBe('rtl');
  });

  it.each(ltr)('%s is left to right', (tag) => {
    expect(tagDirection(tag)).toBe('ltr');
    expect(listedDirection(tag)).toBe('ltr');
  });

  it('is read from the lists on an engine whose Intl.Locale has no text info', () => {
    const prototype = Intl.Locale.prototype;
    const saved = ['getTextInfo', 'textInfo'].map(
      (name) => [name, Object.getOwnPropertyDescriptor(prototype, name)] as const,
    );
    try {
      for (const [name] of saved) Object.defineProperty(prototype, name, { value: undefined, configurable: true });
      expect(rtl.map(tagDirection)).toEqual(rtl.map(() => 'rtl'));
      expect(ltr.map(tagDirection)).toEqual(ltr.map(() => 'ltr'));
    } finally {
      for (const [name, descriptor] of saved)
        if (descriptor) Object.defineProperty(prototype, name, descriptor);
        else delete (prototype as unknown as Record<string, unknown>)[name];
    }
  });

  it("takes the language's own dir over its tag's", () => {
    expect(languageDirection({ tag: 'ar' })).toBe('rtl');
    expect(languageDirection({ tag: 'ar', dir: 'ltr' })).toBe('ltr');
    expect(languageDirection({ tag: 'en', dir: 'rtl' })).toBe('rtl');
  });
});

describe("a language's dir in its words", () => {
  const facts = { name: 'العربية', tag: 'ar', ogLocale: 'ar_AR' };

  it('may be rtl or ltr, or left out', () => {
    expect(languageSchema.parse({ ...facts, dir: 'ltr' }).dir).toBe('ltr');
    expect(languageSchema.parse({ ...facts, dir: 'rtl' }).dir).toBe('rtl');
    expect(languageSchema.parse(facts).dir).toBeUndefined();
  });

  it('of another value stops the build, naming the file, the field, its value and the values expected', () => {
    const english = readFileSync(wordsFile('en'), 'utf8');
    const edited = english.replace(/^ {2}tag: en-US$/m, '  tag: en-US\n  dir: right');
    expect(edited).not.toBe(english);
    expect(() => wordsAsWritten('en', edited)).toThrow(WordsError);
    expect(() => wordsAsWritten('en', edited)).toThrow(
      `${wordsFile('en')} is invalid:\n  - language.dir is "right"; expected rtl or ltr`,
    );
  });

  it('of another value is named as well where the language facts are read alone (dates, word limits)', () => {
    const file = 'src/content/i18n/ar/words.yaml';
    expect(() => languageFacts({ ...facts, dir: 'RTL' }, file)).toThrow(LanguageError);
    expect(() => languageFacts({ ...facts, dir: 'RTL' }, file)).toThrow(
      `${file}: language.dir is "RTL"; expected rtl or ltr`,
    );
    expect(languageFacts({ ...facts, dir: 'rtl' }, file).dir).toBe('rtl');
  });
});
