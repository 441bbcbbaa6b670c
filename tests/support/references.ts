/** What the repository's text names (paths, files, sections, requirement rows, npm scripts) and whether it exists. */
import { execFileSync } from 'node:child_process';
import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';

export const root = join(import.meta.dirname, '../..');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);
/** The repository's files as they are now: tracked or new, and not deleted. */
export const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)));
/** Top-level entries a path may start with; anything else is not a path of this project. */
const topLevel = new Set(readdirSync(root));
/** What the tools write at run time (git-ignored, like dist/ or test-results/) exists only after a run. */
const generated = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.endsWith('/'));

export interface Repository {
  exists(path: string): boolean;
  read(path: string): string;
  hasFileNamed(name: string): boolean;
}

const fileNames = new Set(files.map((file) => basename(file)));
export const repository: Repository = {
  exists: (path) => existsSync(join(root, path)),
  read: (path) => readFileSync(join(root, path), 'utf8'),
  hasFileNamed: (name) => fileNames.has(name),
};

/** A Markdown file's headings, as written (not the `#` lines of its code blocks). */
const headingsOf = (markdown: string) =>
  [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => heading!.trim());

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** A Markdown file's anchors: its headings' slugs, and the ids of table rows whose first cell is an id in backticks. */
const anchorsOf = (markdown: string) =>
  new Set([...headingsOf(markdown).map(slug), ...[...markdown.matchAll(/^\| `([\w-]+)` +\|/gm)].map(([, id]) => id!)]);

/**
 * Every reference in `text` (a Markdown file, or the comments of a code file; `file` is its path in the project) that
 * points at nothing: a path or glob, a Markdown link or anchor, a file named without its folder, a section of a
 * Markdown file named in quotes, an npm script, or the outside document the requirements were first written in,
 * by its name (docs/requirements.md states them now).
 */
export function deadReferences(text: string, file: string, repo: Repository = repository): string[] {
  const dead: string[] = [];
  const check = (written: string, path: string, anchor?: string) => {
    if (generated.some((prefix) => `${path}/`.startsWith(prefix))) return;
    const found = path.includes('*') ? globSync(path, { cwd: root }).length > 0 : repo.exists(path);
    if (!found || (anchor && extname(path) === '.md' && !anchorsOf(repo.read(path)).has(anchor))) dead.push(written);
  };

  // Markdown links, relative to the file, with any #anchor.
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:)/.test(target!)) continue;
    const [path, anchor] = target!.split('#');
    check(target!, path ? relative(root, join(root, dirname(file), path)) : file, anchor);
  }
  // Paths from the project's root, like src/lib/media.ts, docs/requirements.md#routes or tests/unit/*.test.ts (a line
  // number or {a,b} alternatives after them are allowed), and Markdown files named alone, beside the file or anywhere.
  for (const [match, path, anchor] of text
    .replace(/\]\([^)\s]+\)/g, ']')
    .matchAll(/(?<![\w./@$-])(?:\.\/)?([\w.@-]+(?:\/(?:[\w.@*[\]-]|\{[\w.,-]*\})+)+|[\w-]+\.md)(?:#([\w-]+))?/g)) {
    const written = match.replace(/[.,:;]+$/, '');
    const clean = path!.replace(/[.,:;]+$/, '').replace(/:\d+$/, '');
    if (!clean.includes('/')) {
      const beside = relative(root, join(root, dirname(file), clean));
      if (repo.exists(beside)) check(written, beside, anchor);
      else if (!repo.hasFileNamed(clean)) dead.push(written);
      continue;
    }
    if (!topLevel.has(clean.split('/')[0]!)) continue;
    const [braces, choices] = /\{([^}]+)\}/.exec(clean) ?? [];
    for (const each of choices ? choices.split(',').map((choice) => clean.replace(braces!, choice)) : [clean]) {
      check(written, each, anchor);
    }
  }
  // A source file named without its folder must be one somewhere in the repository.
  for (const [, name] of text.matchAll(
    /(?<![\w./@$*-])([\w-]+(?:\.[\w-]+)*\.(?:tsx?|mjs|astro|css|conf|ya?ml))\b(?!\/)/g,
  )) {
    if (!repo.hasFileNamed(name!)) dead.push(name!);
  }
  // A section of a Markdown file named in quotes, like (README, "Where to change what").
  for (const [written, document, section] of text.matchAll(
    /\b(README(?:\.md)?|(?:[\w.-]+\/)*[\w.-]+\.md)\)?,? (?:section |guide )?["“]([^"”]+)["”]/g,
  )) {
    const path = document === 'README' ? 'README.md' : document!;
    if (repo.exists(path) && !headingsOf(repo.read(path)).includes(section!)) dead.push(written);
  }
  for (const [, name] of text.matchAll(/\bnpm run ([\w:-]+)/g)) {
    if (!scripts.includes(name!)) dead.push(`npm run ${name}`);
  }
  // Test titles quoted in docs/requirements.md may say anything.
  for (const [written] of text.replace(/“[^”]*”/g, '').matchAll(/\b(?:the )?specification(?:'s)?\b/gi)) {
    dead.push(written);
  }
  return dead;
}

/** The comments of a code file: `//` and `/* *\/` in code, `<!-- -->` in templates, `#` in configuration and shell. */
export function commentsOf(text: string, file: string): string {
  if (!/\.(ts|tsx|js|mjs|astro|css)$/.test(file)) {
    return [...text.matchAll(/(?:^|\s)#[^\n]*/g)].map(([comment]) => comment).join('\n');
  }
  const code = [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:\w'"`\\])\/\/[^\n]*/g)].map(([comment]) => comment);
  const markup = [...text.matchAll(/<!--[\s\S]*?-->/g)].map(([comment]) => comment);
  return [...code, ...markup].join('\n');
}

/** The names a comment calls as functions, like `precompress()`, that no code of the repository has. */
export function deadFunctionNames(comments: string, code: string): string[] {
  return [...comments.matchAll(/\b([A-Za-z_$][\w$]*)\(\)/g)]
    .map(([, name]) => name!)
    .filter((name) => !new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(code));
}

/**
 * The items written twice in one list or table of a Markdown file (not in its code blocks): a pasted line repeated,
 * like a guide linked five times in a row. Items are compared without their marker, so `1.` and `2.` do not differ.
 */
export function repeatedListItems(markdown: string): string[] {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .split(/\n\s*\n/)
    .flatMap((block) => {
      const items = block
        .split('\n')
        .filter((line) => /^\s*(?:[-*+] |\d+\. |\|)/.test(line))
        .map((line) => line.trim().replace(/^(?:[-*+]|\d+\.) +/, ''));
      return items.filter((item, index) => items.indexOf(item) !== index);
    });
}

const numberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'];
/** Every number of legal pages a text states ("three legal pages", "5 legal pages"), as a number. */
export function legalPageCounts(text: string): number[] {
  return [...text.matchAll(/\b(\d+|[a-z]+) legal pages\b/gi)]
    .map(([, count]) => (/^\d+$/.test(count!) ? Number(count) : numberWords.indexOf(count!.toLowerCase())))
    .filter((count) => count >= 0);
}
