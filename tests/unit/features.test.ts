/**
 * A product's features as switches (src/config/features.ts): the words written for a feature, its kinds of data and
 * recipients, what the legal check requires for it and the legal pages about it, kept while it is on and gone while it
 * is off; each way of writing a block wrong stops, naming the file, and so does a page users agreed to switched off.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, type SiteConfig } from '../../src/config/index.ts';
import {
  practiceBlocks,
  type BlockWords,
  forApp,
  parseDataPractices,
  dataPracticesPath,
  checkRecordPublished,
  readApprovals,
  legalPages,
  legalSources,
  translationSources,
  unpublishedLegalPages,
  writtenLegalSources,
  quickActions,
  legalShared,
  legalText,
  legalTokens,
} from 'legal-record';
import { featureNames, featureValues, withFeatures, type Features } from '../../src/lib/features.ts';
import { offFeatureWordsIn } from '../../src/lib/featureWords.node.ts';
import { parse as parseYaml } from 'yaml';
import { pageTable } from '../../src/lib/pageTable.node.ts';
import { readQuestions } from '../../src/lib/words/words.node.ts';
import { siteValues } from '../fixtures/siteValues.ts';
import { computes } from '../support/timeouts.ts';

const on = Object.fromEntries(featureNames.map((name) => [name, true])) as Features;
const off: Features = { ...on, places: false };

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
    expect(() => withFeatures('{{#if nosuch}}AI.{{/if}}', on, 'x.md')).toThrow(
      `x.md, line 1: {{#if nosuch}} names no feature; expected one of ${featureNames.join(', ')}`,
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

  it('keeps a block naming two features while either is on, and a block inside another while both are', () => {
    const text = 'Your {{#if places or dietary}}{{#if places}}location{{else}}diet{{/if}}{{else}}nothing{{/if}}.';
    expect(withFeatures(text, on, 'x.md')).toBe('Your location.');
    expect(withFeatures(text, off, 'x.md')).toBe('Your diet.');
    expect(withFeatures(text, { ...off, dietary: false }, 'x.md')).toBe('Your nothing.');
    const lines = '{{#if places}}\nA{{#if teens}} and B{{/if}}.\n{{/if}}\nC.\n';
    expect(withFeatures(lines, on, 'x.md')).toBe('A and B.\nC.\n');
    expect(withFeatures(lines, { ...on, teens: false }, 'x.md')).toBe('A.\nC.\n');
    expect(withFeatures(lines, off, 'x.md')).toBe('C.\n');
    expect(() => withFeatures('A{{#if places or nosuch}}B{{/if}}', on, 'x.md')).toThrow(
      'x.md, line 1: {{#if places or nosuch}} names no feature',
    );
  });

  it('keeps each word on its line of the file when asked to, for the words check to name it', () => {
    expect(withFeatures(text, off, 'x.md', { lines: true }).split('\n')).toHaveLength(text.split('\n').length);
    expect(withFeatures('{{#if places}}\nA\nB\n{{/if}}\nC\n', off, 'x.md', { lines: true })).toBe('\n\n\n\nC\n');
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
    expect(without.data).toHaveLength(marked.data.filter(({ feature }) => feature !== 'places').length);
  });

  it("take the health policy's consent to share with the last recipient of health data other than ourselves", () => {
    // Each line of words is its own name, so the test reads which line a block chose.
    const words = new Proxy({}, { get: (_, key) => String(key) }) as BlockWords;
    const health = shipped.data.find(({ sensitive }) => sensitive.includes('health'))!;
    const [ours] = Object.entries(shipped.recipients).find(([, { ours }]) => ours)!;
    const [provider] = Object.entries(shipped.recipients).find(
      ([, { ours, kind }]) => !ours && kind === 'service-provider',
    )!;
    const receivedBy = (recipients: string[]) => ({ ...shipped, data: [{ ...health, recipients }] });
    const first = (text: string) => text.split('\n')[0];
    expect(first(practiceBlocks.healthDeletion(receivedBy([ours, provider]), words))).toBe('healthDeleted');
    expect(practiceBlocks.healthVisibility(receivedBy([ours, provider]), words)).toBe('healthNotShownToOthers');
    expect(practiceBlocks.healthDeletion(receivedBy([ours]), words)).toBe('healthDeletedUnshared');
    expect(practiceBlocks.healthVisibility(receivedBy([ours]), words)).toBe('healthNotShownToOthersUnshared');
  });
});

describe("a feature's config values", () => {
  for (const feature of featureNames)
    it(`${feature}: are required while it is on, and left empty while it is off`, () => {
      const empty = Object.fromEntries(featureValues[feature].map((field) => [field, '']));
      for (const field of featureValues[feature])
        expect(() => loadConfig({}, { ...siteValues, ...empty })).toThrow(`${field} (site.config.ts)`);
      const lacking = loadConfig(
        {},
        { ...siteValues, ...empty, features: { ...siteValues.features, [feature]: false } },
      );
      expect(lacking.features[feature]).toBe(false);
    });
});

describe('an app without teens', () => {
  const config = loadConfig(
    {},
    { ...siteValues, features: { ...siteValues.features, teens: false }, parentalConsent: '' },
  );

  it('has no sentence of what it asks of a parent, so one left outside a teens block stops the page, naming it', async () => {
    const tokens = legalTokens(config);
    expect(tokens).not.toHaveProperty('parentalAcceptance');
    expect(tokens.parentalConsent ?? '').toBe('');
    const shared = legalShared(config);
    const [{ kind }] = legalPages(loadConfig().features);
    const source = readFileSync(`src/content/legal/${kind}.md`, 'utf8');
    await expect(legalText(kind, `${source}\n{{parentalAcceptance}}\n`, shared)).rejects.toThrow(
      /unknown token \{\{parentalAcceptance\}\}/,
    );
    await expect(legalText(kind, `${source}\nA parent: {{parentalConsent}}.\n`, shared)).rejects.toThrow(
      '{{parentalConsent}} is outside {{#if teens}} ... {{/if}}, but features.teens is false',
    );
  });
});

/** What `text` (a page's words, from `file`) says of the features `config` switches off: nothing, or the lines why. */
const saysOf = (config: SiteConfig, file: string, text: string) => offFeatureWordsIn(new Map([[file, text]]), config);
/** A legal page as a reader reads it: its summary (front matter) above its body. */
const read = ({ data, html }: { data: { summary: string }; html: string }) => `${data.summary}\n${html}`;

const config = loadConfig();
const featuresOn = featureNames.filter((name) => config.features[name]);

describe.runIf(featuresOn.length)('each feature the config has, switched off', computes, () => {
  for (const feature of featuresOn) {
    const lacking = {
      ...config,
      features: { ...config.features, [feature]: false },
      ...Object.fromEntries(featureValues[feature].map((field) => [field, ''])),
    } as SiteConfig;

    it(`${feature}: every legal page passes its check and says no word of it`, async () => {
      const [without, withIt] = [legalShared(lacking), legalShared(config)];
      for (const { kind } of legalPages(lacking.features)) {
        const [off] = await Promise.all([legalText(kind, undefined, without), legalText(kind, undefined, withIt)]);
        expect(saysOf(lacking, kind, read(off))).toEqual([]);
      }
    });

    it(`${feature}: every translated legal page passes its check and says no word of it`, async () => {
      for (const locale of config.languages.filter((code) => code !== 'en')) {
        const sources = translationSources(locale);
        const [without, withIt] = [legalShared(lacking, sources, locale), legalShared(config, sources, locale)];
        for (const { kind, file } of sources) {
          const [off] = await Promise.all([legalText(kind, undefined, without), legalText(kind, undefined, withIt)]);
          // A page of the feature itself is not published without it (below).
          if (legalPages(lacking.features).some((page) => page.kind === kind))
            expect(saysOf(lacking, file, read(off))).toEqual([]);
        }
      }
    });

    it(`${feature}: every published translation of a legal page passes its check`, async () => {
      for (const locale of config.languages.filter((each) => each !== 'en')) {
        const sources = translationSources(locale, lacking.features);
        const shared = legalShared(lacking, sources, locale);
        for (const { kind } of sources) await legalText(kind, undefined, shared);
      }
    });

    it(`${feature}: every support answer, in every language, says no word of it`, async () => {
      for (const locale of config.languages) {
        const [off, on] = await Promise.all([readQuestions(lacking, locale), readQuestions(config, locale)]);
        // The question and its answer: a block may be in either.
        const html = (answers: typeof on, name: string) => {
          const answer = answers.find(({ id }) => id === `${locale}/${name.replace(/\.md$/, '')}`);
          return answer ? `${answer.question}\n${answer.html}` : '';
        };
        const dir = `src/content/i18n/${locale}/support`;
        for (const name of readdirSync(dir)) expect(saysOf(lacking, `${dir}/${name}`, html(off, name))).toEqual([]);
        // A question about the feature only (its English front matter says so) is gone, in every language.
        const about = readdirSync('src/content/i18n/en/support').filter((name) =>
          new RegExp(`^feature: ${feature}$`, 'm').test(readFileSync(`src/content/i18n/en/support/${name}`, 'utf8')),
        );
        for (const name of about) {
          expect(html(on, name), `${dir}/${name}`).not.toBe('');
          expect(html(off, name), `${dir}/${name}`).toBe('');
        }
      }
    });
  }
});

/** The pages of the project's features: each legal page that names one in its front matter. */
const featurePages = writtenLegalSources().flatMap(({ kind, data }) =>
  data.feature ? [{ kind, feature: data.feature, path: legalPages(on).find((page) => page.kind === kind)!.path }] : [],
);

describe('a legal page of a feature (front matter `feature`)', () => {
  it('the template has one for dietary (health-data) and one for posts (guidelines)', () => {
    expect(featurePages.map(({ kind, feature }) => `${feature}:${kind}`).sort()).toEqual([
      'dietary:health-data',
      'posts:guidelines',
    ]);
  });

  describe.each(featurePages)('$kind, with features.$feature off', computes, ({ kind, feature, path }) => {
    const features = { ...config.features, [feature]: false };
    const lacking = { ...config, features } as SiteConfig;

    it('is not published: no page of the table, no translation, named with its feature', () => {
      expect(legalSources(features).map((source) => source.kind)).not.toContain(kind);
      expect(legalPages(features).map((page) => page.kind)).not.toContain(kind);
      for (const locale of config.languages)
        expect(translationSources(locale, features).map((source) => source.kind)).not.toContain(kind);
      const table = pageTable(lacking);
      expect(table.map((page) => page.kind)).not.toContain(kind);
      expect(table.flatMap((page) => Object.values(page.paths)).filter((each) => each.endsWith(path))).toEqual([]);
      expect(unpublishedLegalPages(features)).toContainEqual({ kind, feature });
      expect(unpublishedLegalPages(on)).toEqual([]);
    });

    it('no other legal page, in any language, and no support answer links it; no quick action goes to it', async () => {
      const linksTo = new RegExp(`href="(/[a-z]{2})?${path}[#"]`);
      const en = legalShared(lacking);
      for (const { kind: other } of legalPages(features))
        expect((await legalText(other, undefined, en)).html, other).not.toMatch(linksTo);
      for (const locale of config.languages.filter((each) => each !== 'en')) {
        const sources = translationSources(locale, features);
        const shared = legalShared(lacking, sources, locale);
        for (const { kind: other } of sources)
          expect((await legalText(other, undefined, shared)).html, `${other}.${locale}`).not.toMatch(linksTo);
      }
      for (const locale of config.languages)
        for (const { html, sources } of await readQuestions(lacking, locale)) {
          expect(html).not.toMatch(linksTo);
          for (const { href } of sources) expect(href).not.toMatch(new RegExp(`^(/[a-z]{2})?${path}(#|$)`));
        }
      // The layout shows the quick actions of the pages published only (packages/legal/src/components/LegalLayout.astro).
      const published = legalPages(features).map((page) => page.kind);
      expect(quickActions.filter((action) => action.kind === kind).length).toBeGreaterThanOrEqual(
        kind === 'guidelines' ? 1 : 0,
      );
      expect(
        quickActions.filter((action) => published.includes(action.kind)).map((action) => action.kind),
      ).not.toContain(kind);
    });

    it('a link to it left outside its block stops the check of the page, naming the token', async () => {
      const token = `${kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Url`;
      const privacy = readFileSync('src/content/legal/privacy.md', 'utf8');
      const edited = privacy.replace(
        '## Questions { #contact }\n',
        `## Questions { #contact }\n\nSee [it]({{${token}}}).\n`,
      );
      expect(edited).not.toBe(privacy);
      await expect(legalText('privacy', edited, legalShared(lacking))).rejects.toThrow(`unknown token {{${token}}}`);
      const having = { ...config, features: { ...config.features, [feature]: true } } as SiteConfig;
      await expect(legalText('privacy', edited, legalShared(having))).resolves.toBeTruthy();
    });

    it('once approved, switching it off stops, naming the page, the feature and the fix', () => {
      const approvals = readApprovals();
      // The record approves it: what users agreed to stays published.
      const approved = { ...approvals, [kind]: approvals[kind] ?? [{} as never] };
      expect(() => checkRecordPublished(features, approved)).toThrow(
        `${kind}: approved in src/content/legal/approvals.yaml (src/content/legal/versions/${kind}/), but features.${feature} is false in site.config.ts, which unpublishes src/content/legal/${kind}.md`,
      );
      expect(() => checkRecordPublished(features, approved)).toThrow(`set features.${feature} back to true`);
      expect(() => checkRecordPublished(config.features, approvals)).not.toThrow();
    });
  });
});

describe("an owner's confirmation of a feature", () => {
  it('names a feature of src/lib/features.ts, and the dietary ones are marked', () => {
    const items = parseYaml(readFileSync('src/content/legal/owner-confirmations.yaml', 'utf8')) as {
      id: string;
      feature?: string;
    }[];
    for (const { feature } of items) if (feature) expect(featureNames).toContain(feature);
    expect(items.filter(({ feature }) => feature === 'dietary').map(({ id }) => id)).toEqual([
      'diet-searches',
      'diet-group-hints',
      'diet-food-preferences',
      'diet-withdrawal',
    ]);
  });
});
