/**
 * A switched-off feature's words on a built page stop the build (src/lib/featureWords.node.ts): read on fixture
 * pages, with the words the site's own content gives each feature, so an owner's words are tested as they are.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { featureNames, type Features } from '../../src/lib/features.ts';
import { offFeatureWords, offFeatureWordsIn, readableText } from '../../src/lib/featureWords.node.ts';

const config = loadConfig();
const allOff = Object.fromEntries(featureNames.map((name) => [name, false])) as Features;
const lean = { ...config, features: allOff };
const page = (words: string) => `<!doctype html><html><head><title>T</title></head><body><p>${words}</p></body></html>`;

describe('the words of a feature switched off', () => {
  it('are each feature’s own, and none while every feature is on', () => {
    const words = offFeatureWords(lean);
    for (const feature of featureNames) expect(words.map((word) => word.feature)).toContain(feature);
    expect(
      offFeatureWords({ ...config, features: Object.fromEntries(featureNames.map((n) => [n, true])) as Features }),
    ).toEqual([]);
  });

  it('stop on a page that says one, in any case and across a line break, naming the feature and the page', () => {
    for (const { feature, word } of offFeatureWords(lean)) {
      const said = word.toUpperCase().replace(' ', '\n ');
      const lines = offFeatureWordsIn(new Map([['/somewhere', page(`We say ${said} here.`)]]), lean);
      expect(lines.join('\n'), word).toContain(`features.${feature} is false, but /somewhere says "`);
    }
  });

  it('are not read inside a longer word, on the legal record’s archive, or on a page showing the words users agreed to', () => {
    const { word } = offFeatureWords(lean)[0]!;
    const pages = new Map([
      ['/inside', page(`x${word}x`)],
      ['/legal/privacy/2026-01-01', page(word)],
      ['/es/legal/privacy/history', page(word)],
      ['/privacy', `<p data-earlier-words>A new version takes effect soon.</p>${page(word)}`],
      ['/fine', page('Nothing of it.')],
    ]);
    expect(offFeatureWordsIn(pages, lean)).toEqual([]);
  });

  it('are read where a visitor or a link preview reads them: text, alternatives, labels, meta and structured data', () => {
    const text = readableText(
      '<meta name="description" content="A &amp; B"><img alt="C"><button aria-label="D"></button>' +
        '<script type="application/ld+json">{"description":"E"}</script><script>var hidden = "F";</script><p>G</p>',
    );
    for (const word of ['A & B', 'C', 'D', 'E', 'G']) expect(text).toContain(word);
    expect(text).not.toContain('F');
  });
});
