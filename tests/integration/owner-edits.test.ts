/**
 * An owner's loop of edits (the tagline in the config, a colour in the CSS, a sentence in a legal page approved, then
 * `npm run build`) must leave nothing to commit but those edits: the build writes no tracked file. It once rewrote
 * the committed vercel.json (its CSP hashes followed the inline styles), so an owner who forgot to commit it deployed
 * a policy that blocked their own styles. Runs on a copy of the project's tracked files, in a git repository of its own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeHTML } from 'entities';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { loadConfig } from '../../src/config/index.ts';
import { hostFiles } from '../../src/lib/hostFiles.node.ts';
import type { ProjectCopy } from '../support/projectCopy.ts';
import { reword } from '../support/legalEdits.ts';
import { recordFlag, settledCopy, translationsOf } from '../support/ownerContent.ts';

let project: ProjectCopy;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=owner', '-c', 'user.email=owner@example.com', ...args], {
    cwd: project.dir,
    encoding: 'utf8',
  });

beforeAll(() => {
  project = settledCopy();
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'as cloned');
});

afterAll(() => project?.remove());

test('after editing the tagline, a colour and a legal sentence, a build leaves git status empty', () => {
  project.edit('site.config.ts', /tagline: '[^']*'/, "tagline: 'AI food picks for your whole group'");
  project.edit('src/styles/landing.css', /(\.tagline \{[^}]*?)color: var\(--cream-dim\);/, '$1color: #fdf6e3;');
  project.write('src/content/legal/privacy.md', reword(project.read('src/content/legal/privacy.md'), 'this-website'));
  // Edited legal text is approved before a production build accepts it; the approval is committed with it.
  const approval = [
    ...recordFlag,
    '--by',
    'Owner',
    '--note',
    'Reworded',
    '--no-notice',
    'No change of meaning',
    '--not-significant',
  ];
  execFileSync('npm', ['run', 'legal:approve', '--', 'privacy', ...approval], { cwd: project.dir, stdio: 'pipe' });
  // Its translations are brought up to date with it (a rewording that changes none of their words).
  for (const locale of translationsOf('privacy'))
    execFileSync('npm', ['run', 'legal:approve', '--', 'privacy', '--locale', locale, ...approval], {
      cwd: project.dir,
      stdio: 'pipe',
    });
  git('add', '-A');
  git('commit', '-qm', 'owner edits');

  execFileSync('npm', ['run', 'build'], { cwd: project.dir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });

  expect(git('status', '--porcelain')).toBe('');
  // The landing page's own policy allows its edited inline styles, and the host files are what the source says.
  const html = readFileSync(join(project.dir, 'dist/index.html'), 'utf8');
  expect(html).toContain('AI food picks for your whole group');
  const policy = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
  const styles = [...html.matchAll(/<style>([^]*?)<\/style>/g)].map((match) => match[1]!);
  expect(styles.some((style) => style.includes('#fdf6e3'))).toBe(true);
  for (const style of styles) expect(policy).toContain(`sha256-${createHash('sha256').update(style).digest('base64')}`);
  const { published, nginx } = hostFiles(loadConfig());
  for (const [path, text] of Object.entries(published))
    expect(readFileSync(join(project.dir, 'dist', path), 'utf8')).toBe(text);
  for (const [name, text] of Object.entries(nginx))
    expect(readFileSync(join(project.dir, 'dist-nginx', name), 'utf8')).toBe(text);
}, 300_000);

test('every landing sentence edited in its content file shows on the page, and no code file changes', async () => {
  // Each text of the landing page's words gets a numbered mark, so the page must show every one of them.
  let count = 0;
  const mark = (value: unknown): unknown =>
    typeof value === 'string'
      ? `Edited ${++count}: ${value}`
      : Array.isArray(value)
        ? value.map(mark)
        : Object.fromEntries(Object.entries(value as object).map(([key, item]) => [key, mark(item)]));
  const words = parseYaml(project.read('src/content/i18n/en/words.yaml'));
  words.landing = mark(words.landing);
  project.write('src/content/i18n/en/words.yaml', stringifyYaml(words));

  const { code, output } = await project.build();
  expect(code, output).toBe(0);
  const page = decodeHTML(readFileSync(join(project.dir, 'dist/index.html'), 'utf8'));
  for (let n = 1; n <= count; n++) expect(page).toContain(`Edited ${n}: `);
  const changed = git('status', '--porcelain')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  expect(changed.filter((path) => /\.(ts|tsx|astro)$/.test(path))).toEqual([]);
  expect(changed).toEqual(['src/content/i18n/en/words.yaml']);
}, 300_000);
