/**
 * `npm run check:release` knows the template's own assets: an owner who filled every config value but kept the
 * template's logo, words or footage was told "Release check passed".
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { storeUrls } from '../../scripts/check-release.ts';
import { templateAssetProblems, templateAssets, templateDigest } from '../../scripts/template-assets.ts';
import { fieldsAtExampleValues, loadConfig } from '../../src/config/index.ts';
import { legalPage } from '../../src/lib/legal/pages.node.ts';

const config = loadConfig();
/** The template itself, not an owner's site: its product name is still the example. */
const isTemplate = fieldsAtExampleValues(config).some(({ field }) => field === 'productName');

describe('the template assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'template-assets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('are listed, with how to replace them, while their files are the template bytes, and not once replaced', () => {
    mkdirSync(join(dir, 'public/images'), { recursive: true });
    mkdirSync(join(dir, 'src/content/i18n/en/support'), { recursive: true });
    writeFileSync(join(dir, 'public/images/logo-white.svg'), '<svg/>');
    writeFileSync(join(dir, 'src/content/i18n/en/support/a.md'), 'Question one');
    const assets = [
      { name: 'the logo', paths: ['public/images/logo-white.svg'], replace: 'put yours there', doc: 'README.md' },
      { name: 'the questions', paths: ['src/content/i18n/en/support'], replace: 'write yours', doc: 'README.md' },
    ].map((asset) => ({ ...asset, digest: templateDigest(asset, dir) }));
    expect(templateAssetProblems(dir, assets)).toEqual([
      "the logo: still the template's  (put yours there)",
      "the questions: still the template's  (write yours)",
    ]);
    writeFileSync(join(dir, 'public/images/logo-white.svg'), '<svg><path/></svg>');
    copyFileSync(join(dir, 'src/content/i18n/en/support/a.md'), join(dir, 'src/content/i18n/en/support/b.md'));
    expect(templateAssetProblems(dir, assets)).toEqual([]);
  });

  test.runIf(isTemplate)('are all still in place in the template (a changed file updates its digest)', () => {
    for (const asset of templateAssets) {
      expect(templateDigest(asset), `${asset.name}: set its digest in scripts/template-assets.ts`).toBe(asset.digest);
    }
    const listed = templateAssetProblems().join('\n');
    expect(listed).toContain("the logo: still the template's");
    expect(listed).toContain("the landing, invite, 404 and support words: still the template's");
  });

  test('list the Spanish words and questions while Spanish is published, and not once it is off', () => {
    mkdirSync(join(dir, 'src/content/i18n/es'), { recursive: true });
    writeFileSync(join(dir, 'src/content/i18n/es/words.yaml'), 'interface: {}');
    const spanish = {
      name: 'the Spanish words',
      paths: ['src/content/i18n/es/words.yaml'],
      replace: 'translate yours',
      doc: 'README.md',
    };
    const assets = [{ ...spanish, language: 'es', digest: templateDigest(spanish, dir) }];
    expect(templateAssetProblems(dir, assets, ['en', 'es'])).toEqual([
      "the Spanish words: still the template's  (translate yours)",
    ]);
    expect(templateAssetProblems(dir, assets, ['en'])).toEqual([]);
    // The template's own Spanish assets are among those the release check knows.
    expect(templateAssets.filter(({ language }) => language === 'es').map(({ paths }) => paths)).toEqual([
      ['src/content/i18n/es/words.yaml'],
      ['src/content/i18n/es/support'],
    ]);
  });
});

test('prints the Support, Privacy Policy and Marketing URLs the stores ask for, on the site address', () => {
  expect(storeUrls(config)).toEqual([
    `Support URL: ${new URL('/support', config.siteUrl).href}`,
    `Privacy Policy URL: ${new URL(legalPage('privacy').path, config.siteUrl).href}`,
    `Marketing URL: ${new URL('/', config.siteUrl).href}`,
  ]);
});
