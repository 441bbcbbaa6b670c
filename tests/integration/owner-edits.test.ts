/**
 * An owner's loop of edits (the tagline in the config, a colour in the CSS, a sentence in a legal page, then
 * `npm run build`) must leave nothing to commit but those edits: the build writes no tracked file. It once rewrote
 * the committed vercel.json (its CSP hashes followed the inline styles), so an owner who forgot to commit it deployed
 * a policy that blocked their own styles. Runs on a git copy of the project's tracked files.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashSource, hostFiles, inlineCode } from '../../src/lib/securityHeaders.node.ts';

const root = join(import.meta.dirname, '../..');
let copy: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, encoding: 'utf8' });

/** Replaces `from` with `to` in a file of the copy; fails when the file no longer holds `from`. */
function edit(path: string, from: string | RegExp, to: string) {
  const file = join(copy, path);
  const text = readFileSync(file, 'utf8');
  const edited = text.replace(from, to);
  expect(edited, `${path} holds ${String(from)}`).not.toBe(text);
  writeFileSync(file, edited);
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'owner-edits-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter(Boolean)) cpSync(join(root, file), join(copy, file), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=owner', '-c', 'user.email=owner@example.com', 'commit', '-qm', 'as cloned');
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('after editing the tagline, a colour and a legal sentence, a build leaves git status empty', () => {
  edit('site.config.ts', /tagline: '[^']*'/, "tagline: 'AI food picks for your whole group'");
  edit('src/styles/landing.css', /(\.tagline \{[^}]*?)color: var\(--cream-dim\);/, '$1color: #fdf6e3;');
  edit('src/content/legal/privacy.md', 'This website sets no cookies.', 'This website sets no cookies at all.');
  git('-c', 'user.name=owner', '-c', 'user.email=owner@example.com', 'commit', '-qam', 'owner edits');

  execFileSync('npm', ['run', 'build'], { cwd: copy, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });

  expect(git('status', '--porcelain')).toBe('');
  // The landing page's own policy allows its edited inline styles, and the host files are what the source says.
  const html = readFileSync(join(copy, 'dist/index.html'), 'utf8');
  expect(html).toContain('AI food picks for your whole group');
  const policy = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
  const { styles } = inlineCode(html);
  expect(styles.some((style) => style.includes('#fdf6e3'))).toBe(true);
  for (const style of styles) expect(policy).toContain(hashSource(style));
  for (const [path, text] of Object.entries(hostFiles())) expect(readFileSync(join(copy, path), 'utf8')).toBe(text);
}, 300_000);
