/**
 * The whole-visit gate (scripts/report/visit.ts) bites: a page that blocks the main thread and downloads too much
 * fails it, on every budget, while the measurement itself runs exactly as `npm run report` runs it. The downloads
 * happen in a worker, as the 3D scene's do: a count of the page's own requests alone would miss them.
 */
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from '../support/staticServer.ts';
import { kb } from '../../scripts/report/types.ts';
import { visitBudgets, visitGate } from '../../scripts/report/visit.ts';

test('a visit with 300 ms tasks and 800 KB of downloads in a worker fails the whole-visit gate', async () => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(join(tmpdir(), 'heavy-visit-'));
  // Three tasks that each hold the main thread for 300 ms (wall clock: the 4x slowdown cannot shorten them), and a
  // worker (its script padded to 100 KB) that fetches 800 KB of incompressible bytes after load.
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><title>Heavy</title><body style="height:3000px"><script src="/heavy.js"></script>`,
  );
  await writeFile(
    join(dir, 'heavy.js'),
    `const block = () => { const end = performance.now() + 300; while (performance.now() < end); };
     addEventListener('load', () => { for (const delay of [0, 500, 1000]) setTimeout(block, delay); new Worker('/worker.js'); });`,
  );
  await writeFile(join(dir, 'worker.js'), `fetch('/bloat.bin');\n// ${randomBytes(75 * 1024).toString('base64')}\n`);
  await writeFile(join(dir, 'bloat.bin'), randomBytes(800 * 1024));
  const server = await serveStatic(dir);
  try {
    const result = await visitGate(server.url, 1, { stayMs: 2000 });
    const failures = result.failures.join('\n');
    expect(failures).toMatch(`over the ${kb(visitBudgets.bytes)} budget`);
    expect(failures).toMatch(
      new RegExp(`longest main-thread task \\d+ ms in the best of \\d runs? > ${visitBudgets.longestTaskMs} ms`),
    );
    expect(failures).toMatch(
      new RegExp(`long tasks \\d+ ms in all in the best of \\d runs? > ${visitBudgets.longTasksMs} ms`),
    );
    // The worker's fetch and the worker's own script are both counted.
    const row = (figure: string) => result.rows.find((candidate) => candidate.figure === figure)?.value;
    expect(row('bytes: other')).toMatch(/^8\d\d\.\d KB$/);
    expect(Number.parseFloat(String(row('bytes: script')))).toBeGreaterThan(100);
  } finally {
    await server.close();
    await rm(dir, { recursive: true });
  }
});
