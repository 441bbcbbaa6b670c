/**
 * Runs shell commands one after the other, stopping at the first that fails (like `a && b && c`), then prints how
 * long each one took. `npm test` lists its steps through it, so every run ends with its tier timings:
 *
 *   node scripts/run-steps.mjs 'npm run lint' 'npm run test:unit' ...
 */
import { spawnSync } from 'node:child_process';

/** A short name for a step: the npm script it runs (with its arguments), else the command. */
export function stepName(command) {
  const npmRun = /^npm run (\S+)(?: -- (.*))?$/.exec(command);
  if (npmRun) return npmRun[2] ? `${npmRun[1]} ${npmRun[2]}` : npmRun[1];
  return command.replace(/^node scripts\/([\w-]+)\.m?[jt]s\b/, '$1');
}

/** The closing table: one line per step that ran, its time and how it ended, then the total. */
export function timings(results) {
  const width = Math.max(...results.map(({ name }) => name.length), 'total'.length);
  const line = (name, ms, note = '') => `  ${name.padEnd(width)}  ${(ms / 1000).toFixed(1).padStart(6)} s${note}`;
  const total = results.reduce((sum, { ms }) => sum + ms, 0);
  return [
    'step times:',
    ...results.map(({ name, ms, status }) => line(name, ms, status === 0 ? '' : `  FAILED (exit ${status})`)),
    line('total', total),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = [];
  let status = 0;
  for (const command of process.argv.slice(2)) {
    const start = performance.now();
    const run = spawnSync(command, { shell: true, stdio: 'inherit' });
    status = run.status ?? 1;
    results.push({ name: stepName(command), ms: performance.now() - start, status });
    if (status !== 0) break;
  }
  console.log(`\n${timings(results)}`);
  process.exit(status);
}
