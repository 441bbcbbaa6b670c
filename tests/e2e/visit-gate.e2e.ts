/**
 * The whole visit, as a new visitor on a phone makes it (docs/requirements.md#budgets): every byte fetched, the 3D
 * scene's worker's included, and the main thread's long tasks, by the CPU time each took at a phone's 4x slowdown
 * (tests/e2e/support/visit.ts). Five runs: the longest task is judged on the best run, all long tasks on the median
 * run, bytes on the heaviest.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startNginx } from '../../scripts/nginx.ts';
import { freePort } from '../support/processes.ts';
import { measureVisit } from './support/visit.ts';
import { fullRunAlone } from './support/tiers.ts';

const budgets = { bytes: 475 * 1024, longestTaskMs: 120, longTasksMs: 500 };

// One after the other, in one worker: beside the whole visit, the second test's busy loop would take the cores the
// visit's renderer and its software GPU need.
test.describe.configure({ mode: 'default' });

test(
  'the whole visit on a phone at 4x CPU stays within its bytes and main-thread budgets',
  fullRunAlone,
  async ({ baseURL }) => {
    test.setTimeout(400_000);
    // Five runs: one run's longest task moves with the machine's load, the best of five far less.
    const runs: Awaited<ReturnType<typeof measureVisit>>[] = [];
    for (let run = 0; run < 5; run++) runs.push(await measureVisit(`${baseURL}/`));
    console.log('the whole visit:', runs);
    const median = (figure: 'longTasksMs') => runs.map((run) => run[figure]).sort((a, b) => a - b)[2];
    expect(Math.max(...runs.map((run) => run.bytes))).toBeLessThanOrEqual(budgets.bytes);
    // The longest task on the best run, as Lighthouse CI judges LCP: a busy machine only adds to it, while a task the
    // page really needs longer than the budget is in every run, the best one too.
    expect(Math.min(...runs.map((run) => run.longestTaskMs))).toBeLessThanOrEqual(budgets.longestTaskMs);
    expect(median('longTasksMs')).toBeLessThanOrEqual(budgets.longTasksMs);
  },
);

test(
  'the main-thread budget fires on a script that works 10^8 steps after load, however busy the machine',
  fullRunAlone,
  async () => {
    test.setTimeout(120_000);
    // A fixed amount of work, not a fixed time: a loop that runs until the clock says so takes less CPU on a busy machine.
    const site = join(mkdtempSync(join(tmpdir(), 'busy-visit-')), 'dist');
    cpSync('dist', site, { recursive: true });
    // nginx's files for the build are beside it, never in it (src/lib/hostFiles.node.ts).
    cpSync('dist-nginx', `${site}-nginx`, { recursive: true });
    writeFileSync(
      join(site, 'busy.js'),
      'addEventListener("load",()=>{let x=0;for(let i=0;i<1e8;i++)x=(x+i*7)%1000003;document.body.dataset.x=x;});',
    );
    const page = join(site, 'index.html');
    writeFileSync(page, readFileSync(page, 'utf8').replace('</head>', '<script src="/busy.js" defer></script></head>'));
    for (const copy of ['.br', '.gz']) rmSync(page + copy); // nginx would serve these instead
    const port = await freePort();
    const server = await startNginx({ port, root: site });
    try {
      const visit = await measureVisit(`http://127.0.0.1:${port}/`, 2_000);
      expect(visit.longestTaskMs).toBeGreaterThan(budgets.longestTaskMs);
    } finally {
      await server.stop();
      rmSync(join(site, '..'), { recursive: true, force: true });
    }
  },
);
