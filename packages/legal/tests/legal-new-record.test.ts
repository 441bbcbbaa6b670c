/**
 * `npm run legal:new-record` prints the first approval of every page and translation the build publishes, read as the
 * build reads them (legalSources, translationSources), and what the config keeps unpublished.
 */
import { describe, expect, it } from 'vitest';
import { firstApprovals, published } from '../src/commands/new-record.ts';
import { availableLocales, loadConfig } from '../../../src/config/index.ts';
import type { LegalFrontMatter } from '../src/record/frontMatter.ts';
import { legalSources, translationSources, type LegalSource } from '../src/addresses/pages.node.ts';

const config = loadConfig();

/** A page of kind `kind`, in English or translated into `locale`. */
const source = (kind: string, locale?: string): LegalSource => ({
  kind,
  file: locale ? `src/content/i18n/${locale}/legal/${kind}.md` : `src/content/legal/${kind}.md`,
  ...(locale && { locale }),
  data: { effective: '2026-01-05' } as LegalFrontMatter,
  body: '',
});

describe('the first approvals', () => {
  it('list each translation after the English pages, with its locale', () => {
    const lines = firstApprovals({
      pages: [source('house-rules')],
      translations: [source('house-rules', 'fr')],
      unpublished: [],
      languagesOff: [],
    });
    const english = lines.findIndex((line) => line.includes('npm run legal:approve -- house-rules --by'));
    const french = lines.findIndex((line) =>
      line.includes('npm run legal:approve -- house-rules --locale fr --by "<your name>" --note "<for readers>"'),
    );
    expect(english).toBeGreaterThanOrEqual(0);
    expect(french).toBeGreaterThan(english);
    expect(lines[french - 1]).toBe('  src/content/i18n/fr/legal/house-rules.md (house-rules.fr):');
  });

  it('say a page of a feature switched off, and the translations of a language off, are not published', () => {
    const lines = firstApprovals({
      pages: [],
      translations: [],
      unpublished: [{ kind: 'health-data', feature: 'dietary' }],
      languagesOff: ['fr'],
    });
    expect(lines).toEqual([
      '  src/content/legal/health-data.md: not published while features.dietary is false; nothing to approve',
      "  src/content/i18n/fr/legal/: not published while languages in site.config.ts lacks 'fr'; nothing to approve",
    ]);
  });

  it('take the pages published for the features, and the translations of the languages published', () => {
    const english = published({ ...config, languages: ['en'] });
    expect(english.pages.map(({ file }) => file)).toEqual(legalSources(config.features).map(({ file }) => file));
    expect(english.translations).toEqual([]);
    const translated = availableLocales().filter((code) => code !== 'en' && translationSources(code).length);
    for (const locale of translated) {
      const files = translationSources(locale, config.features).map(({ file }) => file);
      const on = published({ ...config, languages: ['en', locale] });
      expect(on.translations.map(({ file }) => file)).toEqual(files);
      expect(on.languagesOff).not.toContain(locale);
      expect(english.languagesOff).toContain(locale);
      const lines = firstApprovals(on);
      for (const { kind } of on.translations)
        expect(lines).toContainEqual(expect.stringContaining(`npm run legal:approve -- ${kind} --locale ${locale} `));
    }
  });
});
