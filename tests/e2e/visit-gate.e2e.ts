/**
 * The whole visit, as a new visitor on a phone makes it (docs/requirements.md#budgets): every byte fetched, the 3D
 * scene's worker's included, and the main thread's long tasks. Timings are wall-clock on a shared machine, so they
 * are judged on the best run, and measured again (up to six runs) while over budget: a disturbed run cannot fail, a
 * regression is slow in every run. Bytes are judged on the heaviest run.
 */
import { expect, test } from '@playwright/test';
import { measureVisit } from './support/visit.ts';
import { fullRun } from './support/tiers.ts';

const budgets = { bytes: 475 * 1024, longestTaskMs: 120, longTasksMs: 500 };

test(
  'the whole visit on a phone at 4x CPU stays within its bytes and main-thread budgets',
  fullRun,
  async ({ baseURL }) => {
    test.setTimeout(360_000);
    const runs: Awaited<ReturnType<typeof measureVisit>>[] = [];
    const best = (figure: 'longestTaskMs' | 'longTasksMs') => Math.min(...runs.map((run) => run[figure]));
    const slow = () => best('longestTaskMs') > budgets.longestTaskMs || best('longTasksMs') > budgets.longTasksMs;
    while (runs.length < 3 || (runs.length < 6 && slow())) runs.push(await measureVisit(`${baseURL}/`));
    console.log('the whole visit:', runs);
    expect(Math.max(...runs.map((run) => run.bytes))).toBeLessThanOrEqual(budgets.bytes);
    expect(best('longestTaskMs')).toBeLessThanOrEqual(budgets.longestTaskMs);
    expect(best('longTasksMs')).toBeLessThanOrEqual(budgets.longTasksMs);
  },
);
