/**
 * Each command an owner runs answers `--help` with its usage, exit code 0, before it reads or writes anything; and an
 * option it does not know stops it, naming the option and the usage.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const commands = [
  ['media', 'scripts/media.ts'],
  ['legal:approve', 'packages/legal/src/commands/approve.ts'],
  ['legal:new-record', 'packages/legal/src/commands/new-record.ts'],
  ['store-labels', 'packages/legal/src/commands/store-labels.ts'],
  ['check:release', 'scripts/check-release.ts'],
];
const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8' });

test.each(commands)('npm run %s -- --help prints its usage and exits 0', (name, script) => {
  const { status, stdout, stderr } = run(script, '--help');
  expect(stderr).toBe('');
  expect(stdout).toMatch(new RegExp(`^usage: npm run ${name}\\b[^]*\\n  --help +print this and exit\\n$`));
  expect(status).toBe(0);
});

test.each(commands)('npm run %s refuses an option it does not know, naming it and the usage', (name, script) => {
  const { status, stderr } = run(script, '--frobnicate');
  expect(stderr).toContain("Unknown option '--frobnicate'");
  expect(stderr).toContain(`usage: npm run ${name}`);
  expect(status).toBe(1);
});
