/**
 * A second owner beside the lean one (tests/support/richOwner.ts): richer than the template in places (an Android
 * app, a consent screenshot, a change approved for later, a third language, a longer company name) and leaner in
 * others (no AI, places provider or teens, a kind of data removed). The README's test command passes whole in its copy:
 * a test of a mechanism runs on fixtures, and a test of the site's own facts reads the owner's. Full tier: the run
 * takes about as long as the project's own.
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

test(`${rich}, npm test passes whole: lint, types, unit, budgets, integration, end-to-end and the report`, async () => {
  // Ports of its own: the project's run, or another copy's, may be serving on the default ones.
  const ports = { E2E_PORT: String(await freePort()), REPORT_PORT: String(await freePort()) };
  const output = project.run('npm', ['test'], ports);
  // Each tier closes on its own summary; the last, the report's gates, on its verdict.
  expect(output).toMatch(/Test Files +\d+ passed/);
  expect(output).toMatch(/\n +\d+ passed \(/);
}, 2_400_000);
