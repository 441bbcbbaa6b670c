/**
 * The README and every guide in docs/ name files, npm scripts and tests; a newcomer follows them. This test fails on
 * any that does not exist (it has happened: guides pointed at moved test files).
 */
import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);
/** Top-level entries a path in the docs may start with; anything else in backticks is not a path of this project. */
const topLevel = new Set(readdirSync(root));
/** What the tools write at run time (git-ignored, like dist/ or test-results/) exists only after a run. */
const generated = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.endsWith('/'));

/** Every reference in `markdown` (the text of `file`, relative to the project) that points at nothing. */
export function deadReferences(
  markdown: string,
  file: string,
  exists = (path: string) => existsSync(join(root, path)),
) {
  const dead: string[] = [];
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target!)) continue;
    const path = relative(root, join(root, dirname(file), target!.split('#')[0]!));
    if (!exists(path)) dead.push(target!);
  }
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    for (const [, name] of code!.matchAll(/\bnpm run ([\w:-]+)/g))
      if (!scripts.includes(name!)) dead.push(`npm run ${name}`);
    const path = code!.replace(/^\.\//, '').replace(/[#:].*$/, '');
    const first = path.split('/')[0]!;
    if (/\s/.test(path) || !topLevel.has(first) || (first === path && !path.includes('.'))) continue;
    if (generated.some((prefix) => path.startsWith(prefix))) continue;
    if (path.includes('*') ? globSync(path, { cwd: root }).length === 0 : !exists(path)) dead.push(code!);
  }
  return dead;
}

const documents = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)].filter((name) =>
  name.endsWith('.md'),
);

describe('the README and docs/ name only what exists', () => {
  test.each(documents)('%s', (file) => {
    expect(deadReferences(readFileSync(join(root, file), 'utf8'), file)).toEqual([]);
  });

  test('a dead link, path, glob or npm script is reported', () => {
    const markdown = [
      'See [the guide](deploy.md) and [gone](missing.md#part), `src/lib/nowhere.ts`, `tests/unit/legal*.zz`,',
      '`npm run no-such-script`, but not `dist/index.html`, `site.config.ts` or [a site](https://example.com).',
    ].join('\n');
    const exists = (path: string) => ['docs/deploy.md', 'site.config.ts'].includes(path);
    expect(deadReferences(markdown, 'docs/x.md', exists)).toEqual([
      'missing.md#part',
      'src/lib/nowhere.ts',
      'tests/unit/legal*.zz',
      'npm run no-such-script',
    ]);
  });
});

test('the README stays a five-minute read (at most 12 KB)', () => {
  expect(readFileSync(join(root, 'README.md')).length).toBeLessThanOrEqual(12 * 1024);
});
