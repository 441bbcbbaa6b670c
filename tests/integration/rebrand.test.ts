/**
 * An owner makes the site theirs, with fewer features than the template's app: another name, tagline, email and
 * address, their own landing words, a company that is an LLC, English only (the Spanish folder deleted), no places
 * provider, no AI provider, no users under 18, no dietary restrictions and no posts (so no health data policy and no
 * Community Guidelines), no Android app, every example value replaced, and their own legal record with their own first
 * effective dates (tests/support/leanOwner.ts). The unit, integration and chromium end-to-end tests still pass in their
 * copy, since no test pins the template's values or content: tests of a mechanism run on fixtures, and tests of the
 * template's own facts read the owner's content or run only while the template's is in place. An owner's first push
 * once failed 23 unit tests, and a rebrand before that failed one (the warning for the template's example
 * site address). Full tier: the copy's integration and end-to-end runs take minutes each.
 */
import { afterAll, expect, test } from 'vitest';
import { leanOwnerCopy } from '../support/leanOwner.ts';
import { freePort } from '../support/processes.ts';

const project = leanOwnerCopy();
afterAll(() => project.remove());

/** Vitest's summary when no file failed (a failing run throws before it is read); a file may skip what the owner lacks. */
const allPassed = /Test Files +\d+ passed (?:\| \d+ skipped )?\(\d+\)/;

const lean =
  "in a lean owner's copy (LLC, English only, none of the app's optional features, no Android app, own record)";

test(`${lean}, the unit tests pass`, () => {
  // Its speed is not what is tested here, and it may run beside other tests: a test gets 30 s, not 5.
  const unit = ['run', '--project', 'unit', '--testTimeout=30000'];
  expect(project.run('node_modules/.bin/vitest', unit)).toMatch(allPassed);
}, 300_000);

test(`${lean}, the integration tests pass`, () => {
  // This file is in the full tier, which the integration project leaves out: the copy does not make a copy of itself.
  const integration = ['run', '--project', 'integration', '--maxWorkers=2'];
  expect(project.run('node_modules/.bin/vitest', integration)).toMatch(allPassed);
}, 1_800_000);

test(`${lean}, the chromium end-to-end tests pass`, async () => {
  project.run('npm', ['run', 'build']);
  // Its own port: the project's e2e run, or another copy's, may be serving on the default one.
  const port = String(await freePort());
  const e2e = ['test', '--project=chromium', '--reporter=list'];
  expect(project.run('node_modules/.bin/playwright', e2e, { E2E_PORT: port })).toMatch(/\n +\d+ passed \(/);
}, 1_200_000);
