/**
 * A language is one folder (docs/languages.md): in a copy of the project, a third language added by copying a
 * translation's folder under a new code and listing it in `languages` (its words may stay those it was copied from),
 * then a translation turned off by the config line alone, and with its folder deleted too. Each builds with no other
 * file edited; a new language's legal translations are approved with `npm run legal:approve`, as any legal words are.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';

const [translation] = loadConfig().languages.filter((locale) => locale !== 'en');
let project: ProjectCopy;
const dist = (path: string) => readFileSync(join(project.dir, 'dist', path), 'utf8');
const setLanguages = (languages: string[]) =>
  project.edit('site.config.ts', /languages: \[[^\]]*\]/, `languages: ${JSON.stringify(languages)}`);

beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

describe.runIf(translation)(`a third language, copied from ${translation}'s folder`, () => {
  const code = 'xx';
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
          'scripts/legal-approve.ts',
          kind,
          '--locale',
          code,
          '--by',
          'A Tester',
          '--note',
          'First version',
          '--template',
        ],
        { cwd: project.dir, stdio: 'pipe' },
      );
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
  }, 300_000);

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
      expect(dist(file).toLowerCase()).toContain(`<a href="${addresses[code]}" hreflang="${code}"`);
    }
    const sitemap = dist('sitemap-0.xml');
    expect(sitemap).toContain(`<loc>${new URL(`/${code}/`, site).href}</loc>`);
    expect(sitemap).toContain(`hreflang="${code}" href="${new URL(`/${code}/support`, site).href}"`);
  });
});

describe.runIf(translation)(`${translation} turned off`, () => {
  it('by the config line alone, builds with no page under its folder', async () => {
    setLanguages(['en']);
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
    expect(existsSync(join(project.dir, 'dist', translation!))).toBe(false);
    expect(dist('index.html')).not.toContain('hreflang=');
  }, 300_000);

  it('with its folder deleted too, builds', async () => {
    rmSync(join(project.dir, `src/content/i18n/${translation}`), { recursive: true });
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
    expect(existsSync(join(project.dir, 'dist', translation!))).toBe(false);
  }, 300_000);
});
