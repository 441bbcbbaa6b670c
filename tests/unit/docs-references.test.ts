/**
 * A newcomer follows what the repository names: files, folders, sections of a guide, rows of docs/requirements.md,
 * npm scripts and tests. This test reads the README and docs/, every code comment and the CI files, and fails on any
 * of those that does not exist, and on a requirement whose test does not.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { legalPages as readLegalPages } from '../../src/lib/legal/pages.node.ts';
import {
  commentsOf,
  deadFunctionNames,
  deadReferences,
  files,
  legalPageCounts,
  repeatedListItems,
  repository,
  root,
  type Repository,
} from '../support/references.ts';

const documents = files.filter((file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file));
const codeFiles = files.filter(
  (file) => /\.(ts|tsx|js|mjs|astro|css|conf)$/.test(file) || /^\.(gitignore|npmrc|prettierignore)$/.test(file),
);
/** Read whole: their step names and commands are what a reader follows. */
const ciFiles = files.filter((file) => file.startsWith('.github/workflows/') || file === '.ci/run');

describe('the README and docs/ name only what exists', () => {
  test.each(documents)('%s', (file) => {
    expect(deadReferences(repository.read(file), file)).toEqual([]);
  });

  test('a dead link, anchor, path, glob, file, section or npm script is reported, and the old name of the requirements', () => {
    const markdown = [
      'See [the guide](deploy.md), [gone](missing.md#part), [a part](deploy.md#no-such-part), `src/lib/nowhere.ts`,',
      '`tests/unit/legal*.zz`, figures.ts, DESIGN.md, `npm run no-such-script`, README section "Where things are",',
      'docs/deploy.md#headers and the specification, but not `dist/index.html`, `site.config.ts`, README.md,',
      'docs/deploy.md#the-headers, (README, "Where to change what") or [a site](https://example.com).',
    ].join('\n');
    const texts: Record<string, string> = {
      'docs/deploy.md': '# Deploy\n\n## The headers\n',
      'README.md': '# Site\n\n## Where to change what\n',
      'site.config.ts': '',
    };
    const repo: Repository = {
      exists: (path) => path in texts,
      read: (path) => texts[path]!,
      hasFileNamed: (name) => Object.keys(texts).some((path) => basename(path) === name),
    };
    expect(deadReferences(markdown, 'docs/x.md', repo)).toEqual([
      'missing.md#part',
      'deploy.md#no-such-part',
      'src/lib/nowhere.ts',
      'tests/unit/legal*.zz',
      'DESIGN.md',
      'docs/deploy.md#headers',
      'figures.ts',
      'README section "Where things are"',
      'npm run no-such-script',
      'the specification',
    ]);
  });
});

const legalPages = readLegalPages();

describe('the README and docs/ say each thing once, and count the legal pages as src/content/legal holds them', () => {
  test.each(documents)('%s', (file) => {
    const text = repository.read(file);
    expect(repeatedListItems(text), 'a line repeated in one list or table').toEqual([]);
    expect(
      legalPageCounts(text).filter((count) => count !== legalPages.length),
      `legal pages counted otherwise than the ${legalPages.length} of src/content/legal`,
    ).toEqual([]);
  });

  test('a repeated item in a list or a table, and every count of legal pages, are found', () => {
    const markdown = [
      '- [Guide](a.md): one.',
      '- [Requirements](r.md): what.',
      '  continued.',
      '- [Requirements](r.md): what.',
      '',
      '- [Requirements](r.md): what, in a list of its own.',
      '1. First.',
      '2. First.',
      '',
      '| a | b |',
      '| a | b |',
      '',
      '```sh',
      '- not a list',
      '- not a list',
      '```',
    ].join('\n');
    expect(repeatedListItems(markdown)).toEqual(['[Requirements](r.md): what.', 'First.', '| a | b |']);
    expect(
      legalPageCounts('The site publishes three legal pages; 5 legal pages; the legal pages; Two legal pages.'),
    ).toEqual([3, 5, 2]);
  });
});

describe('code comments name only what exists', () => {
  const code = codeFiles.map((file) => {
    const text = repository.read(file);
    return { file, text, comments: commentsOf(text, file) };
  });
  const allCode = code.map(({ text, comments }) =>
    comments.split('\n').reduce((rest, line) => rest.replace(line, ''), text),
  );

  test.each(code)('$file', ({ file, comments }) => {
    expect(deadReferences(comments, file)).toEqual([]);
    expect(deadFunctionNames(comments, allCode.join('\n'))).toEqual([]);
  });

  test('comments are found in code, templates and configuration; a function is one the code has', () => {
    const source = "const url = 'https://example.com'; // see src/lib/media.ts\n/* deploy/site.conf */ const a = 1;";
    expect(commentsOf(source, 'x.ts')).toBe('// see src/lib/media.ts\n/* deploy/site.conf */');
    expect(commentsOf('<p>x</p><!-- README, "Where to change what" -->', 'x.astro')).toBe(
      '<!-- README, "Where to change what" -->',
    );
    expect(commentsOf('listen 80; # docs/deploy.md\n', 'x.conf')).toBe(' # docs/deploy.md');
    expect(deadFunctionNames('Registered after securityHeaders() and precompress()', 'precompress(dir)')).toEqual([
      'securityHeaders',
    ]);
  });
});

describe('the CI files', () => {
  test.each(ciFiles)('%s names only what exists', (file) => {
    expect(deadReferences(repository.read(file), file)).toEqual([]);
  });

  const npmCommands = (text: string) =>
    [...text.matchAll(/\bnpm (ci|install|test|start|run [\w:-]+)\b/g)].map(([, command]) => `npm ${command}`);
  /** The npm commands a CI file runs: in its `run:` steps or shell lines, and in the scripts those run. */
  const runs = (file: string): string[] => {
    const text = repository.read(file);
    const lines = file.endsWith('.yml')
      ? [...text.matchAll(/^\s*(?:- )?run: (.+)$/gm)].map(([, line]) => line!)
      : text.split('\n').filter((line) => !line.trim().startsWith('#'));
    return lines.flatMap((line) => [
      ...npmCommands(line),
      ...[...line.matchAll(/\b(?:bash|sh) ([\w./-]+)/g)].flatMap(([, script]) => runs(script!)),
    ]);
  };

  test.each(ciFiles)('%s names only npm commands it runs', (file) => {
    const ran = runs(file);
    expect(npmCommands(repository.read(file)).filter((command) => !ran.includes(command))).toEqual([]);
  });
});

/** Every test title under tests/, as a pattern: `${...}`, `%s` and `$name` stand for what the test fills in. */
const testTitles = files
  .filter((file) => /^tests\/.*\.ts$/.test(file))
  .flatMap((file) =>
    [
      ...repository
        .read(file)
        .matchAll(/(?:\b(?:test|it|describe)(?:\.\w+)*|\]\))\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g),
    ].map(([, , title]) => title!.replace(/\\(.)/g, '$1')),
  )
  .map((title) => {
    const parts = title.split(/\$\{[^}]*\}|%[sdi]|\$\w+/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.+?')}$`);
  });

describe('docs/requirements.md', () => {
  const rows = [...repository.read('docs/requirements.md').matchAll(/^\| `([\w-]+)` +\|.*\|(.*)\|$/gm)].map(
    ([, id, proof]) => ({ id: id!, proof: proof! }),
  );

  test('gives each requirement an id of its own', () => {
    const ids = rows.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  test.each(rows)('$id names each test that proves it: a file, and a title some test under tests/ has', ({ proof }) => {
    const named = [...proof.matchAll(/`(tests\/[^`]+)`([^`]*)/g)].map(([, file, after]) => ({
      file: file!,
      titles: [...after!.matchAll(/“([^”]+)”/g)].map(([, title]) => title!),
    }));
    expect(named.length, 'no test named').toBeGreaterThan(0);
    for (const { file, titles } of named) {
      expect(repository.exists(file), file).toBe(true);
      expect(titles.length, `${file}: no title named`).toBeGreaterThan(0);
      for (const title of titles) {
        const found = testTitles.some((pattern) => pattern.test(title));
        expect(found, `no test under tests/ is titled “${title}”`).toBe(true);
      }
    }
  });
});

test('the README stays a five-minute read (at most 12 KB)', () => {
  expect(readFileSync(join(root, 'README.md')).length).toBeLessThanOrEqual(12 * 1024);
});
