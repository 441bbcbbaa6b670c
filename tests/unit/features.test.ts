/**
 * A product's features as switches (src/config/features.ts): the words written for a feature, its kinds of data and
 * recipients, and what the legal check requires for it, kept while it is on and gone while it is off; each way of
 * writing a block wrong stops, naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, type SiteConfig } from '../../src/config/index.ts';
import { forApp, parseDataPractices } from '../../src/lib/dataPractices/practices.ts';
import { dataPracticesPath } from '../../src/lib/dataPractices/read.node.ts';
import { featureNames, featureValues, withFeatures, type Features } from '../../src/lib/features.ts';
import { legalPages } from '../../src/lib/legal/pages.node.ts';
import { legalShared, legalText } from '../../src/lib/legal/text.node.ts';
import { readQuestions } from '../../src/lib/words/words.node.ts';
import { computes } from '../support/timeouts.ts';

const on: Features = { places: true };
const off: Features = { places: false };

describe('a block of words for a feature', () => {
  const text =
    'Intro.\n\n{{#if places}}\nAbout places.\n{{/if}}\n\nWe keep it{{#if places}} and they keep\nyours{{/if}}.\n';

  it('keeps its words without the markers while the feature is on, and drops them while it is off', () => {
    expect(withFeatures(text, on, 'x.md')).toBe('Intro.\n\nAbout places.\n\nWe keep it and they keep\nyours.\n');
    expect(withFeatures(text, off, 'x.md')).toBe('Intro.\n\n\nWe keep it.\n');
  });

  it('stops, naming the file, on a block not closed, a block naming no feature, or a value used outside its block', () => {
    expect(() => withFeatures('{{#if places}}\nAbout places.\n', on, 'x.md')).toThrow(
      'x.md: {{#if places}} is not part of a closed block',
    );
    expect(() => withFeatures('{{#if ai}}AI.{{/if}}', on, 'x.md')).toThrow(
      'x.md, line 1: {{#if ai}} names no feature; expected one of places',
    );
    expect(() => withFeatures('Searches go to {{placesProvider}}.', off, 'x.md')).toThrow(
      'x.md: {{placesProvider}} is outside {{#if places}} ... {{/if}}, but features.places is false',
    );
    expect(withFeatures('Searches go to {{placesProvider}}.', on, 'x.md')).toBe('Searches go to {{placesProvider}}.');
  });

  const otherwise =
    'Intro.\n\n{{#if places}}\nAbout places.\n{{else}}\nNo places.\n{{/if}}\n\nAt least {{#if places}}13{{else}}18{{/if}}.\n';

  it('gives the words after {{else}} instead while the feature is off, on lines of their own or inline', () => {
    expect(withFeatures(otherwise, on, 'x.md')).toBe('Intro.\n\nAbout places.\n\nAt least 13.\n');
    expect(withFeatures(otherwise, off, 'x.md')).toBe('Intro.\n\nNo places.\n\nAt least 18.\n');
  });

  it('stops, naming the file, on two {{else}} in a block, an {{else}} outside a block, or a value in the words off', () => {
    for (const features of [on, off]) {
      expect(() => withFeatures('A{{#if places}}B{{else}}C{{else}}D{{/if}}.', features, 'x.md')).toThrow(
        'x.md, line 1: {{#if places}} has more than one {{else}}',
      );
      expect(() => withFeatures('{{#if places}}\nB\n{{else}}\nC\n{{else}}\nD\n{{/if}}\n', features, 'x.md')).toThrow(
        'x.md, line 1: {{#if places}} has more than one {{else}}',
      );
      expect(() => withFeatures('Intro.\n{{else}}\nMore.\n', features, 'x.md')).toThrow(
        'x.md: {{else}} is not part of a closed block',
      );
    }
    expect(() => withFeatures('A{{#if places}}B{{else}}{{placesProvider}}{{/if}}.', off, 'x.md')).toThrow(
      'x.md: {{placesProvider}} is outside {{#if places}} ... {{/if}}, but features.places is false',
    );
  });
});

describe("a feature's kinds of data and recipients", () => {
  // The shipped file with its first recipient and first kind of data marked as one feature's.
  const shipped = parseDataPractices(readFileSync(dataPracticesPath, 'utf8'), dataPracticesPath);
  const [recipient] = Object.keys(shipped.recipients);
  const marked = {
    ...shipped,
    recipients: {
      ...shipped.recipients,
      [recipient!]: { ...shipped.recipients[recipient!]!, feature: 'places' as const },
    },
    data: shipped.data.map((entry, index) => (index === 0 ? { ...entry, feature: 'places' as const } : entry)),
  };

  it('are kept while the feature is on, and gone, off every list, while it is off', () => {
    expect(forApp(marked, { android: true, features: on })).toEqual({ ...marked, data: marked.data });
    const without = forApp(marked, { android: true, features: off });
    expect(Object.keys(without.recipients)).not.toContain(recipient);
    expect(without.data.map(({ id }) => id)).not.toContain(shipped.data[0]!.id);
    expect(without.data.flatMap(({ recipients }) => recipients)).not.toContain(recipient);
    expect(without.data).toHaveLength(marked.data.filter(({ feature }) => !feature).length);
  });
});

/**
 * The words only `feature`'s blocks hold in `source`: each block's longest word that the text outside the blocks does
 * not have, so the test reads whatever the owner wrote.
 */
function blockWords(source: string, feature: string): string[] {
  const blocks = new RegExp(`\\{\\{#if ${feature}\\}\\}([^]*?)\\{\\{/if\\}\\}`, 'g');
  const outside = source.replace(blocks, ' ');
  return [...source.matchAll(blocks)].flatMap(([, words]) => {
    const own = (words!.replace(/\{\{[^}]*\}\}|\]\([^)]*\)|\{ #[\w-]+ \}/g, ' ').match(/\p{L}{6,}/gu) ?? []).filter(
      (word) => !outside.includes(word),
    );
    return own.sort((a, b) => b.length - a.length).slice(0, 1);
  });
}

const count = (text: string, word: string) => text.split(word).length - 1;

const config = loadConfig();
const featuresOn = featureNames.filter((name) => config.features[name]);

describe.runIf(featuresOn.length)('each feature the config has, switched off', computes, () => {
  for (const feature of featuresOn) {
    const lacking = {
      ...config,
      features: { ...config.features, [feature]: false },
      ...Object.fromEntries(featureValues[feature].map((field) => [field, ''])),
    } as SiteConfig;

    it(`${feature}: every legal page passes its check, without the words of its blocks`, async () => {
      const [without, withIt] = [legalShared(lacking), legalShared(config)];
      for (const { kind } of legalPages()) {
        const words = blockWords(readFileSync(`src/content/legal/${kind}.md`, 'utf8'), feature);
        const [off, on] = await Promise.all([legalText(kind, undefined, without), legalText(kind, undefined, withIt)]);
        // Its words may stand elsewhere on the page too: the block's own go, so there are fewer of them.
        for (const word of words) expect(count(off.html, word), `${kind}: ${word}`).toBeLessThan(count(on.html, word));
      }
    });

    it(`${feature}: every support answer, in every language, goes without the words of its blocks`, async () => {
      for (const locale of config.languages) {
        const [off, on] = await Promise.all([readQuestions(lacking, locale), readQuestions(config, locale)]);
        const html = (answers: typeof on, name: string) =>
          answers.find(({ id }) => id === `${locale}/${name.replace(/\.md$/, '')}`)?.html ?? '';
        const dir = `src/content/i18n/${locale}/support`;
        for (const name of readdirSync(dir))
          for (const word of blockWords(readFileSync(`${dir}/${name}`, 'utf8'), feature))
            expect(count(html(off, name), word), `${dir}/${name}: ${word}`).toBeLessThan(count(html(on, name), word));
      }
    });
  }
});
