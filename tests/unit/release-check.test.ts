/**
 * `npm run check:release` knows the template's own assets: an owner who filled every config value but kept the
 * template's logo, words or footage was told "Release check passed".
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { assetProblem, mediaChoiceNotes, storeUrls } from '../../scripts/check-release.ts';
import {
  templateAssetProblems,
  templateAssets,
  templateAssetsByChoice,
  templateDigest,
  type TemplateAsset,
} from '../../scripts/template-assets.ts';
import { fieldsAtExampleValues, loadConfig } from '../../src/config/index.ts';
import { keepableMedia } from '../../src/config/media.ts';
import { legalPage } from 'legal-record';

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

describe("the template's media an owner keeps by choice, or needs no more with the 3D scene off", () => {
  const dir = mkdtempSync(join(tmpdir(), 'template-media-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  put('public/images/logo-white.svg', '<svg/>');
  put('public/videos/hero.webm', 'footage');
  put('media/model.glb', 'model');
  put('public/images/scene-still.avif', 'still');
  const assets: TemplateAsset[] = [
    { name: 'the logo', paths: ['public/images/logo-white.svg'], replace: 'draw yours', doc: 'README.md' },
    { name: 'the footage', paths: ['public/videos'], replace: 'film yours', doc: 'a.md', keep: 'footage' },
    {
      name: 'the model',
      paths: ['media/model.glb', 'public/images/scene-still.'],
      replace: 'model yours',
      doc: 'b.md',
      keep: 'model',
      scene: true,
    },
  ].map((asset) => ({ ...asset, digest: templateDigest(asset, dir) }) as TemplateAsset);
  const names = (list: TemplateAsset[]) => list.map(({ name }) => name);
  const sorted = (choices: { scene?: boolean; keepTemplateMedia?: ('footage' | 'model')[] }, root = dir) => {
    const { left, kept } = templateAssetsByChoice(
      { languages: ['en'], scene: true, keepTemplateMedia: [], ...choices },
      root,
      assets,
    );
    return { left: names(left), kept: names(kept) };
  };

  test('are listed while in place and no choice is stated', () => {
    expect(sorted({})).toEqual({ left: ['the logo', 'the footage', 'the model'], kept: [] });
  });

  test('are not listed once kept by choice, but said to be kept; a kept asset replaced since is neither', () => {
    expect(sorted({ keepTemplateMedia: ['model'] })).toEqual({
      left: ['the logo', 'the footage'],
      kept: ['the model'],
    });
    expect(sorted({ keepTemplateMedia: ['footage', 'model'] })).toEqual({
      left: ['the logo'],
      kept: ['the footage', 'the model'],
    });
    const copy = mkdtempSync(join(tmpdir(), 'template-media-'));
    try {
      cpSync(dir, copy, { recursive: true });
      writeFileSync(join(copy, 'public/videos/hero.webm'), 'their own footage');
      expect(sorted({ keepTemplateMedia: ['footage'] }, copy)).toEqual({ left: ['the logo', 'the model'], kept: [] });
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  test('with the scene off, the model is neither listed nor kept, even with its files gone', () => {
    expect(sorted({ scene: false })).toEqual({ left: ['the logo', 'the footage'], kept: [] });
    expect(sorted({ scene: false, keepTemplateMedia: ['model'] })).toEqual({
      left: ['the logo', 'the footage'],
      kept: [],
    });
    const copy = mkdtempSync(join(tmpdir(), 'template-media-'));
    try {
      cpSync(dir, copy, { recursive: true });
      rmSync(join(copy, 'media'), { recursive: true });
      rmSync(join(copy, 'public/images/scene-still.avif'));
      expect(sorted({ scene: false }, copy)).toEqual({ left: ['the logo', 'the footage'], kept: [] });
      // A digest of files whose folder is gone is that of no file, not an error.
      expect(templateDigest({ paths: ['media/model.glb'] }, copy)).toBe(templateDigest({ paths: [] }, copy));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  test('each listed with how to replace it, and how to keep it or switch the scene off where an owner may', () => {
    const [logo, footage, model] = assets;
    expect(assetProblem(logo!)).toBe("the logo: still the template's  (draw yours)");
    expect(assetProblem(footage!)).toBe(
      "the footage: still the template's  (film yours; or keep it on purpose, keepTemplateMedia: ['footage'], in site.config.ts)",
    );
    expect(assetProblem(model!)).toBe(
      "the model: still the template's  (model yours; or keep it on purpose, keepTemplateMedia: ['model'], or switch the 3D scene off, scene: false, in site.config.ts)",
    );
  });

  test('the summary names the media kept by choice and says when the scene is off', () => {
    const [, footage, model] = assets;
    expect(mediaChoiceNotes({ scene: true }, [])).toEqual([]);
    expect(mediaChoiceNotes({ scene: true }, [footage!, model!])).toEqual([
      'Kept by choice (keepTemplateMedia in site.config.ts), so not listed: the footage; the model.',
    ]);
    expect(mediaChoiceNotes({ scene: false }, [])).toEqual([
      'The 3D scene is off (scene: false in site.config.ts): its model and still are not asked for.',
    ]);
  });

  test("each media an owner may keep names one of the template's assets", () => {
    expect(keepableMedia.map((keep) => templateAssets.filter((asset) => asset.keep === keep).length)).toEqual(
      keepableMedia.map(() => 1),
    );
  });
});

test('prints the Support, Privacy Policy, privacy choices, deletion and Marketing URLs the stores ask for, on the site address', () => {
  const at = (kind: string) => new URL(legalPage(kind).path, config.siteUrl).href;
  expect(storeUrls(config)).toEqual([
    `Support URL: ${new URL('/support', config.siteUrl).href}`,
    `Privacy Policy URL: ${at('privacy')}`,
    `User Privacy Choices URL (App Store Connect, App Privacy): ${at('privacy-choices')}`,
    `Delete account URL (Google Play, Data safety): ${at('delete-account')}`,
    `Marketing URL: ${new URL('/', config.siteUrl).href}`,
  ]);
});
