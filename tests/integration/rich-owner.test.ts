/**
 * A second owner beside the lean one (tests/support/richOwner.ts): richer than the template in places (an Android
 * app, a consent screenshot, a change approved for later, a third language, a longer company name) and leaner in
 * others (no AI, places provider or teens, a kind of data removed). The unit and chromium end-to-end tests pass in its
 * copy, the tiers where a test could pin the template's content: a test of a mechanism runs on fixtures, and a test of
 * the site's own facts reads the owner's. The lean owner's copy runs the integration tier too (rebrand.test.ts).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { LeanOwnerCopy } from '../support/leanOwner.ts';
import { freePort } from '../support/processes.ts';
import { richOwnerCopy } from '../support/richOwner.ts';

let project: LeanOwnerCopy;
beforeAll(async () => {
  project = await richOwnerCopy();
}, 600_000);
afterAll(() => project?.remove());

const rich =
  "in a richer owner's copy (a PBC, three languages, Android, a consent screenshot, a change approved for later)";

test(`${rich}, the unit tests pass`, () => {
  const unit = ['run', '--project', 'unit', '--testTimeout=30000'];
  expect(project.run('node_modules/.bin/vitest', unit)).toMatch(/Test Files +\d+ passed/);
}, 300_000);

test(`${rich}, the chromium end-to-end tests pass`, async () => {
  project.run('npm', ['run', 'build']);
  // Its own port: the project's e2e run, or another copy's, may be serving on the default one.
  const e2e = ['test', '--project=chromium', '--reporter=list'];
  const output = project.run('node_modules/.bin/playwright', e2e, { E2E_PORT: String(await freePort()) });
  expect(output).toMatch(/\n +\d+ passed \(/);
}, 1_200_000);
