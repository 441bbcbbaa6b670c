/**
 * A language is one folder (docs/languages.md): in a copy of the project, a third language added by copying a
 * translation's folder under a new code and listing it in `languages` (its words may stay those it was copied from),
 * one added so with its legal/ folder and data-practices.yaml deleted (its legal pages linked in English), then a
 * translation turned off by the config line alone, with its folder emptied, and deleted. Each builds with no other
 * file edited, and says which approved legal versions leave the site; a new language's legal translations are approved
 * with `npm run legal:approve`, as any legal words are.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { decodeHTML } from 'entities';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../../src/config/index.ts';
import { legalPages } from 'legal-record';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { recordFlag } from '../support/ownerContent.ts';

const config = loadConfig();
const [translation] = config.languages.filter((locale) => locale !== 'en');
let project: ProjectCopy;
const dist = (path: string) => readFileSync(join(project.dir, 'dist', path), 'utf8');
const setLanguages = (languages: string[]) =>
  project.edit('site.config.ts', /languages: \[[^\]]*\]/, `languages: ${JSON.stringify(languages)}`);
/** The words file of `locale` in the copy, parsed. */
const wordsOf = (locale: string) =>
  parse(project.read(`src/content/i18n/${locale}/words.yaml`)) as { landing: { tagline: string } };
/** A tagline as the pages say it: a {{token}} of the config filled. */
const filled = (text: string) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (token, name: string) => String(config[name as keyof typeof config] ?? token));
/** The content of a page's meta tag (`og:image:alt`), as a reader gets it. */
const metaOf = (html: string, key: string) =>
  decodeHTML(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? `(no ${key})`);
/** The approved versions in `locale` in the copy's legal record, as `<key>@<version>` with their frozen copy. */
const versionsIn = (locale: string) =>
  Object.entries(parse(project.read('src/content/legal/approvals.yaml')) as Record<string, { version: string }[]>)
    .filter(([key]) => key.endsWith(`.${locale}`))
    .flatMap(([key, list]) =>
      list.map(({ version }) => ({
        id: `${key}@${version}`,
        file: `src/content/legal/versions/${key}/${version}.html`,
      })),
    );

beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

describe.runIf(translation)(`a third language with a region, copied from ${translation}'s folder`, () => {
  // A BCP-47 code with a region: its record key (`privacy.pt-BR`), its approval and its addresses carry it whole.
  const code = 'pt-BR';
  beforeAll(async () => {
    cpSync(join(project.dir, `src/content/i18n/${translation}`), join(project.dir, `src/content/i18n/${code}`), {
      recursive: true,
    });
    setLanguages(['en', translation!, code]);
    const legal = join(project.dir, `src/content/i18n/${code}/legal`);
    const kinds = existsSync(legal)
      ? execFileSync('ls', [legal], { encoding: 'utf8' })
          .split('\n')
          .filter((name) => name.endsWith('.md'))
      : [];
    for (const kind of kinds.map((name) => name.slice(0, -3)))
      execFileSync(
        'node_modules/.bin/node',
        [
          'packages/legal/src/commands/approve.ts',
          kind,
          '--locale',
          code,
          '--by',
          'A Tester',
          '--note',
          'First version',
          ...recordFlag,
        ],
        { cwd: project.dir, stdio: 'pipe' },
      );
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
  }, 300_000);

  it("keeps its approvals in the record, each at its own address, read back by the build's and the release check's form", () => {
    const versions = versionsIn(code);
    expect(versions.length).toBeGreaterThan(0);
    for (const { id, file } of versions) {
      expect(existsSync(join(project.dir, file)), id).toBe(true);
      expect(project.read(file), id).toMatch(new RegExp(`^path: /${code}/[a-z-]+$`, 'm'));
    }
    const check = spawnSync(process.execPath, ['scripts/check-release.ts'], { cwd: project.dir, encoding: 'utf8' });
    expect(check.stdout + check.stderr).not.toContain('approvals.yaml is invalid');
  });

  it('has its pages, each with reciprocal hreflang links, in the switcher and in the sitemap', () => {
    const site = loadConfig().siteUrl;
    for (const [page, file] of [
      ['/', 'index.html'],
      ['/support', 'support.html'],
    ]) {
      const addresses = { en: page, [translation!]: `/${translation}${page}`, [code]: `/${code}${page}` };
      for (const [locale, path] of Object.entries(addresses)) {
        const html = dist(locale === 'en' ? file : `${locale}/${file}`);
        expect(html, path).toContain(`<html lang="${locale}"`);
        for (const [other, to] of Object.entries(addresses))
          expect(html, `${path} -> ${other}`).toContain(`hreflang="${other}" href="${new URL(to, site).href}"`);
      }
      // The switcher of the English page links it.
      expect(dist(file).toLowerCase()).toContain(`<a href="${addresses[code]}" hreflang="${code}"`.toLowerCase());
    }
    const sitemap = dist('sitemap-0.xml');
    expect(sitemap).toContain(`<loc>${new URL(`/${code}/`, site).href}</loc>`);
    expect(sitemap).toContain(`hreflang="${code}" href="${new URL(`/${code}/support`, site).href}"`);
  });
});

describe.runIf(translation)(`a language added as the guide says, copied from ${translation}'s folder`, () => {
  const code = 'yy';
  const folder = `src/content/i18n/${code}`;
  // Its own words: the tagline is the one word the test writes, to tell it from the folder it was copied from.
  let tagline: string;
  beforeAll(async () => {
    tagline = `${filled(wordsOf(translation!).landing.tagline)} (${code})`;
    cpSync(join(project.dir, `src/content/i18n/${translation}`), join(project.dir, folder), { recursive: true });
    rmSync(join(project.dir, folder, 'legal'), { recursive: true, force: true });
    rmSync(join(project.dir, folder, 'data-practices.yaml'), { force: true });
    const words = wordsOf(code);
    words.landing.tagline = tagline;
    project.write(`${folder}/words.yaml`, stringify(words));
    setLanguages(['en', translation!, code]);
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
  }, 300_000);

  it('builds its pages in its language', () => {
    for (const file of ['index.html', 'support.html', '404.html'])
      expect(dist(`${code}/${file}`), file).toContain(`<html lang="${code}"`);
  });

  it('links each legal page in English, and has none of its own', () => {
    const html = dist(`${code}/index.html`).toLowerCase();
    for (const { kind, path } of legalPages(config.features)) {
      expect(html, path).toContain(`<a href="${path}" hreflang="en" lang="en"`);
      expect(html, path).not.toContain(`href="/${code}${path}"`);
      expect(existsSync(join(project.dir, 'dist', code, `${path.slice(1)}.html`)), kind).toBe(false);
    }
  });

  it("says its own tagline in the social card's alt text, and links its own card", () => {
    const html = dist(`${code}/index.html`);
    expect(metaOf(html, 'og:image:alt')).toBe(`${config.productName}: ${tagline}`);
    expect(metaOf(html, 'og:image')).toBe(new URL(`/${code}/social-card.png`, config.siteUrl).href);
    expect(existsSync(join(project.dir, 'dist', code, 'social-card.png'))).toBe(true);
  });

  it(`gives ${translation}'s pages its tagline and its own social card`, () => {
    const own = filled(wordsOf(translation!).landing.tagline);
    const card = `/${translation}/social-card.png`;
    for (const file of ['index.html', 'support.html']) {
      const html = dist(`${translation}/${file}`);
      expect(metaOf(html, 'og:image:alt'), file).toBe(`${config.productName}: ${own}`);
      expect(metaOf(html, 'twitter:image:alt'), file).toBe(`${config.productName}: ${own}`);
      expect(metaOf(html, 'og:image'), file).toBe(new URL(card, config.siteUrl).href);
    }
    expect(metaOf(dist('index.html'), 'og:image')).toBe(new URL('/social-card.png', config.siteUrl).href);
    const [english, translated] = ['social-card.png', card.slice(1)].map((path) =>
      readFileSync(join(project.dir, 'dist', path)),
    );
    const png = PNG.sync.read(translated!);
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(translated!.equals(english!)).toBe(false);
  });
});

describe.runIf(translation)(`${translation} turned off`, () => {
  const folder = () => join(project.dir, `src/content/i18n/${translation}`);
  /** Each approved version in the language is named, with the file the record keeps it in. */
  const namesEachVersion = (output: string, versions: ReturnType<typeof versionsIn>) => {
    for (const { id, file } of versions) expect(output, id).toContain(`${id}: ${file}`);
  };

  it('by the config line alone, builds with no page under its folder, naming each version that leaves', async () => {
    setLanguages(['en']);
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
    expect(existsSync(join(project.dir, 'dist', translation!))).toBe(false);
    expect(dist('index.html')).not.toContain('hreflang=');
    namesEachVersion(built.output, versionsIn(translation!));
  }, 300_000);

  it('with its folder emptied but not removed, builds as with it deleted', async () => {
    const versions = versionsIn(translation!);
    for (const entry of readdirSync(folder())) rmSync(join(folder(), entry), { recursive: true });
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
    expect(existsSync(join(project.dir, 'dist', translation!))).toBe(false);
    namesEachVersion(built.output, versions);
  }, 300_000);

  it('stops with one message naming the emptied folder while languages lists it', async () => {
    setLanguages(['en', translation!]);
    const built = await project.build();
    expect(built.code).not.toBe(0);
    const said = `src/content/i18n/${translation}/ has no words.yaml`;
    expect(built.output).toContain(`expected src/content/i18n/${translation}/words.yaml`);
    expect(built.output.split(said)).toHaveLength(2);
    expect(built.output).not.toContain('Stack trace');
  }, 300_000);

  it('with its folder deleted too, builds', async () => {
    setLanguages(['en']);
    rmSync(folder(), { recursive: true });
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
    expect(existsSync(join(project.dir, 'dist', translation!))).toBe(false);
  }, 300_000);
});
