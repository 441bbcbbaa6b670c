/**
 * The byte budgets follow the build (.size-limit.ts, scripts/sizeBudgets.ts): every page of dist/ in the languages it
 * holds, measured by the real size-limit, which fails a page over its budget.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { assetBudgets, pageBudgets } from '../../scripts/sizeBudgets.ts';
import { loadConfig } from '../../src/config/index.ts';
import { computes } from '../support/timeouts.ts';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'size-budgets-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fixture build: each page a little HTML, plus the compressed copies the build writes beside it. */
function build(name: string, pages: string[], assets: string[] = []) {
  const dir = join(work, name);
  for (const file of [...pages, ...assets]) {
    mkdirSync(dirname(join(dir, 'dist', file)), { recursive: true });
    writeFileSync(join(dir, 'dist', file), `<!doctype html><title>${file}</title>`);
  }
  for (const page of pages) writeFileSync(join(dir, 'dist', `${page}.gz`), 'compressed');
  return dir;
}

/** English and two languages, not Spanish: landing, legal, support, invite and 404 pages, and the legal record. */
const englishFrenchGerman = [
  ...['index', '404', 'privacy', 'terms', 'support', 'join', 'legal/privacy/history', 'legal/privacy/2026-01-01'],
  ...['fr/index', 'fr/404', 'fr/privacy', 'fr/support', 'fr/join', 'fr/legal/privacy/history'],
  ...['de/index', 'de/404', 'de/support', 'de/join'],
].map((page) => `${page}.html`);

test('lists every page the build published, by its kind, in each of its languages and in none it lacks', () => {
  const budgets = pageBudgets(build('three-languages', englishFrenchGerman), '/join');
  expect(budgets.map((budget) => `${budget.name} (${budget.limit})`)).toEqual([
    '/: HTML, CSS and the JavaScript it runs before load (75 KiB)',
    '/de/: HTML, CSS and the JavaScript it runs before load (75 KiB)',
    '/fr/: HTML, CSS and the JavaScript it runs before load (75 KiB)',
    '/privacy: HTML and CSS (30 KiB)',
    '/support: HTML and CSS (30 KiB)',
    '/terms: HTML and CSS (30 KiB)',
    '/de/support: HTML and CSS (30 KiB)',
    '/fr/privacy: HTML and CSS (30 KiB)',
    '/fr/support: HTML and CSS (30 KiB)',
    '/legal/privacy/2026-01-01: HTML and CSS (30 KiB)',
    '/legal/privacy/history: HTML and CSS (30 KiB)',
    '/fr/legal/privacy/history: HTML and CSS (30 KiB)',
    '/join/<code>: HTML and CSS (30 KiB)',
    '/de/join/<code>: HTML and CSS (30 KiB)',
    '/fr/join/<code>: HTML and CSS (30 KiB)',
    '/<any missing address> (404 page): HTML and CSS (30 KiB)',
    '/de/<any missing address> (404 page): HTML and CSS (30 KiB)',
    '/fr/<any missing address> (404 page): HTML and CSS (30 KiB)',
  ]);
  // Each page in exactly one budget, gzipped; a landing page with the scripts it runs before load.
  const measured = budgets.map((budget) => [budget.path].flat()[0]);
  expect(measured.toSorted()).toEqual(englishFrenchGerman.map((page) => `dist/${page}`).toSorted());
  expect(budgets.every((budget) => budget.gzip)).toBe(true);
  expect(budgets[1]!.path).toEqual([
    'dist/de/index.html',
    expect.stringContaining('astro_type_script'),
    expect.any(String),
  ]);
  // No invite address: its page is a page like any other.
  expect(pageBudgets(build('no-invite', ['index.html', 'join.html']), '').map((budget) => budget.name)).toContain(
    '/join: HTML and CSS',
  );
  expect(() => pageBudgets(join(work, 'nothing'), '/join')).toThrow(
    /index\.html is missing: run `npm run build` first/,
  );
});

// Two runs of the real binary: a second or two each, more on a busy machine.
test(
  "size-limit, reading the project's .size-limit.ts, passes a build within budget and fails the page over it",
  computes,
  () => {
    const { invitePath } = loadConfig();
    const invitePage = invitePath ? [`${invitePath.slice(1)}.html`] : [];
    const pages = ['index.html', 'privacy.html', 'fr/index.html', 'fr/privacy.html', ...invitePage];
    // Every script and media budget finds a file (a tiny one): only the pages decide the verdict.
    const assets = assetBudgets(invitePath, '')
      .flatMap((budget) => [budget.path].flat())
      .filter((pattern) => !pattern.startsWith('!'))
      .map((pattern) => pattern.replace(/^\//, '').replaceAll('*', 'x'));
    const dir = build('measured', pages, assets);
    // The project's own config file, run where its imports resolve to the project's code and a fixture dist/ beside it.
    copyFileSync(join(root, '.size-limit.ts'), join(dir, '.size-limit.ts'));
    for (const folder of ['scripts', 'src']) symlinkSync(join(root, folder), join(dir, folder));
    // From the project's root, whose package.json names the plugin; no "size-limit" list there would win over the file.
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).not.toHaveProperty('size-limit');
    const sizeLimit = () => {
      const bin = join(root, 'node_modules/size-limit/bin.js');
      const run = spawnSync(process.execPath, [bin, '--json', '--config', join(dir, '.size-limit.ts')], {
        cwd: root,
        encoding: 'utf8',
      });
      const results = JSON.parse(run.stdout) as { name: string; passed: boolean }[];
      return {
        status: run.status,
        failed: results.filter((result) => !result.passed).map((result) => result.name),
        results,
      };
    };
    const within = sizeLimit();
    expect(within.results.map((result) => result.name)).toEqual(
      expect.arrayContaining(['/fr/: HTML, CSS and the JavaScript it runs before load', '/fr/privacy: HTML and CSS']),
    );
    expect(within).toMatchObject({ status: 0, failed: [] });

    // Hashes, which gzip cannot shrink: about 50 KB of them, over the 30 KiB a page may weigh.
    const noise = Array.from({ length: 1500 }, (_, index) => createHash('sha256').update(`${index}`).digest('base64'));
    writeFileSync(join(dir, 'dist/fr/privacy.html'), `<!doctype html><title>x</title><p>${noise.join('')}`);
    expect(sizeLimit()).toMatchObject({ status: 1, failed: ['/fr/privacy: HTML and CSS'] });
  },
);

test('budgets no 3D scene nor model while the scene is switched off', () => {
  const named = (scene: boolean) => assetBudgets('/join', 'dist', scene).map(({ name }) => name);
  expect(named(true)).toEqual(
    expect.arrayContaining(['/models/group-meal.glb', 'the 3D scene (worker, probe and slot)']),
  );
  expect(named(false).filter((name) => /scene|models/.test(name))).toEqual([]);
});
