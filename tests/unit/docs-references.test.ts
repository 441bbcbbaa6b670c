/**
 * A newcomer follows what the README, CONTRIBUTING.md and docs/ name: every path and link exists, every command runs as written
 * (an npm script, or a tool npm runs on the pinned Node: the system Node may be too old for `node scripts/x.ts`),
 * and every requirement names a test that exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isTemplateRecord, templateRecord } from 'legal-record';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)));
const documents = files.filter(
  (file) => ['README.md', 'CONTRIBUTING.md'].includes(file) || /^docs\/[^/]+\.md$/.test(file),
);
const ignored = read('.gitignore')
  .split('\n')
  .filter((line) => line.endsWith('/'));
const topLevel = new Set(files.map((file) => file.split('/')[0]));
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = (file: string) =>
  new Set([
    ...[...read(file).matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading!.trim())),
    ...[...read(file).matchAll(/^\| `([\w-]+)` +\|/gm)].map(([, id]) => id!),
  ]);

/**
 * What an owner removes as the docs tell them, which the docs still name as the template's: the folder of a language
 * they retired (docs/languages.md), whose Spanish the docs show as the example of a language, and the mark of the
 * template's legal record, which `npm run legal:new-record` removes (docs/legal-pages.md#your-own-record).
 */
const removedByOwner = (path: string) => {
  const code = /^src\/content\/i18n\/([\w-]+)(?:\/|$)/.exec(path)?.[1];
  if (code !== undefined) return !existsSync(join(root, 'src/content/i18n', code));
  return path.replace(/\/$/, '') === templateRecord && !isTemplateRecord();
};

/** Links, paths from the project's root and npm scripts in `text` (the Markdown file `file`) that name nothing. */
function deadReferences(text: string, file: string): string[] {
  const dead: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:)/.test(target!)) continue;
    const [path, anchor] = target!.split('#');
    const resolved = path ? relative(root, join(root, dirname(file), path)) : file;
    if (removedByOwner(resolved)) continue;
    if (!existsSync(join(root, resolved)) || (anchor && !anchors(resolved).has(anchor))) dead.push(target!);
  }
  for (const [, path] of text.matchAll(/`((?:[\w.@-]+\/)+[\w.@-]*)[`#:]/g)) {
    const top = path!.split('/')[0]!;
    if (removedByOwner(path!)) continue;
    if (topLevel.has(top) && !ignored.some((prefix) => `${path}/`.startsWith(prefix)) && !existsSync(join(root, path!)))
      dead.push(path!);
  }
  for (const [, name] of text.matchAll(/\bnpm run (?:--silent )?([\w:-]+)/g)) {
    if (!scripts.includes(name!)) dead.push(`npm run ${name}`);
  }
  // Commands the system Node runs itself: TypeScript files need the pinned Node 24 that npm scripts put on PATH.
  for (const [command] of text.matchAll(/(?<![\w-])node (?!_modules)[\w./-]+\.(?:ts|mts)\b/g)) dead.push(command);
  return dead;
}

/** Doc sections named in code (`docs/legal-pages.md#effective-dates`, printed by a command) whose file or heading is missing. */
const deadSections = (text: string) =>
  [...text.matchAll(/(?<![\w/.-])((?:docs\/)?[\w-]+\.md)#([\w-]+)/g)]
    .filter(([, file, anchor]) => !existsSync(join(root, file!)) || !anchors(file!).has(anchor!))
    .map(([section]) => section);

test('the doc sections that scripts and build code print exist', () => {
  expect(deadSections('see docs/deploy.md#nowhere, docs/gone.md#x, docs/legal-pages.md#effective-dates')).toEqual([
    'docs/deploy.md#nowhere',
    'docs/gone.md#x',
  ]);
  for (const file of files.filter((each) => /^(scripts|src|packages\/\w+\/src)\/.*\.(ts|tsx|astro)$/.test(each))) {
    expect(deadSections(read(file)), file).toEqual([]);
  }
});

test.each(documents)('%s names only what exists, and commands that run as written', (file) => {
  expect(deadReferences(read(file), file)).toEqual([]);
});

test('a dead link, path or npm script, and a command the system Node cannot run, are found', () => {
  const markdown =
    '[a](missing.md), [b](deploy.md#nowhere), `src/lib/nowhere.ts`, `npm run nothing`, `node scripts/x.ts`';
  expect(deadReferences(markdown, 'docs/x.md')).toEqual([
    'missing.md',
    'deploy.md#nowhere',
    'src/lib/nowhere.ts',
    'npm run nothing',
    'node scripts/x.ts',
  ]);
});

describe('docs/requirements.md names, for each requirement, a test that exists', () => {
  const titles = files
    .filter((file) => /^(tests|packages\/\w+\/tests)\/.*\.ts$/.test(file))
    .flatMap((file) => [
      ...read(file).matchAll(/(?:\b(?:test|it|describe)(?:\.\w+)*|\]\))\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g),
    ])
    .map(([, , title]) => title!.replace(/\\(.)/g, '$1'))
    .map(
      (title) =>
        new RegExp(
          `^${title
            .split(/\$\{[^}]*\}|%[sdi]|\$\w+/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+?')}$`,
        ),
    );
  const rows = [...read('docs/requirements.md').matchAll(/^\| `([\w-]+)` +\|.*\|(.*)\|$/gm)];
  test.each(rows.map(([, id, proof]) => [id!, proof!]))('%s', (_id, proof) => {
    const named = [...proof.matchAll(/`((?:packages\/\w+\/)?tests\/[^`]+)`([^`]*)/g)];
    expect(named.length, 'no test named').toBeGreaterThan(0);
    for (const [, file, after] of named) {
      expect(existsSync(join(root, file!)), file).toBe(true);
      for (const [, title] of after!.matchAll(/“([^”]+)”/g)) {
        expect(
          titles.some((pattern) => pattern.test(title!)),
          `no test is titled “${title}”`,
        ).toBe(true);
      }
    }
  });
});
