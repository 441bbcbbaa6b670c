/** A file read once is read again when it changes: a command writes the record and reads it back in one process. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { folderStamp, readText } from '../src/files.node.ts';

const dir = mkdtempSync(join(tmpdir(), 'legal-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('reads a file again at once after it is written, and its folder stamp changes with it', () => {
  const file = join(dir, 'page.md');
  writeFileSync(file, 'first');
  const before = folderStamp([dir]);
  expect(readText(file)).toBe('first');
  writeFileSync(file, 'second words');
  expect(readText(file)).toBe('second words');
  expect(folderStamp([dir])).not.toBe(before);
  writeFileSync(join(dir, 'other.md'), '');
  expect(folderStamp([dir])).toContain('other.md');
  expect(folderStamp([join(dir, 'missing')])).toBe('');
});
