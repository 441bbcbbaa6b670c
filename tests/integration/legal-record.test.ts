/**
 * The legal record holds, in a copy of the project: a renderer setting that changes what a reader gets stops a
 * production build while the published versions keep every mark; a record removed stops the build naming the page and
 * the version, and `npm run legal:approve` refuses a date before the record's latest;
 * a new owner starts a record of their own in one step (never on top of the template's, never quoting the config's
 * example values), the release check lists what is left, and running it again on the owner's record is refused (on
 * an owner's site, whose record is their own already: that it is refused there).
 * (Approving a change, and the earlier version reading as before: legal-approval.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse, renderSync } from 'ultrahtml';
import { querySelector } from 'ultrahtml/selector';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import type { Approvals } from 'legal-record';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { recordFlag, template } from '../support/ownerContent.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

const production = { LEGAL_DRAFTS: '' };
const approvalsFile = 'src/content/legal/approvals.yaml';
const curly = (text: string) => text.match(/[‘’“”]/g)?.length ?? 0;
const bodyOf = (html: string) => renderSync(querySelector(parse(html), '.legal-body')!);

it('stops a production build when the renderer changes the punctuation, and the published versions keep theirs', async () => {
  const settings = 'features: { headingAttributes: true }';
  project.edit(
    'packages/legal/src/render/markdown.node.ts',
    settings,
    'features: { headingAttributes: true, smartPunctuation: false }',
  );
  const stopped = await project.build(production);
  expect(stopped.code, stopped.output).not.toBe(0);
  expect(stopped.output).toMatch(/^privacy: its words differ from its latest approved version \(privacy@/m);
  expect(stopped.output).toMatch(/\n {4}- .*’[^]*\n {4}\+ .*'/);

  const draft = await project.build({ LEGAL_DRAFTS: '1' });
  expect(draft.code, draft.output).toBe(0);
  expect(curly(bodyOf(project.read('dist/privacy.html')))).toBe(0);
  const latest = (parseYaml(project.read(approvalsFile)) as Approvals).privacy!.at(-1)!.version;
  const frozen = project.read(`src/content/legal/versions/privacy/${latest}.html`);
  const published = bodyOf(project.read(`dist/legal/privacy/${latest}.html`));
  expect(curly(frozen)).toBeGreaterThan(0);
  expect(curly(published)).toBe(curly(frozen.slice(frozen.indexOf('\n---\n'))));
  project.edit(
    'packages/legal/src/render/markdown.node.ts',
    'features: { headingAttributes: true, smartPunctuation: false }',
    settings,
  );
}, 600_000);

it('stops the build when the latest record is removed, and legal:approve refuses a date that moves backwards', async () => {
  // Every check of the record, one edit at a time: packages/legal/tests/legal-approvals.test.ts. Here, that a build runs them.
  const committed = project.read(approvalsFile);
  const record = parseYaml(committed) as Approvals;
  const removed = record.terms!.pop()!;
  project.write(approvalsFile, stringify(record));
  const { code, output } = await project.build(production);
  project.write(approvalsFile, committed);
  expect(code, output).not.toBe(0);
  expect(output).toContain(`terms@${removed.version}: src/content/legal/versions/terms/`);

  const approve = spawnSync(
    process.execPath,
    [
      'packages/legal/src/commands/approve.ts',
      'privacy',
      ...recordFlag,
      '--by',
      'Test Approver',
      '--reviewed',
      '--note',
      'Review',
    ].concat(['--date', '2020-01-01']),
    { cwd: project.dir, encoding: 'utf8' },
  );
  expect(approve.status).not.toBe(0);
  expect(approve.stderr).toMatch(/2020-01-01 is before the latest record, \d{4}-\d{2}-\d{2}: dates only move forward/);
}, 600_000);

it("stops a production build and legal:approve on a clock behind the record's latest date, naming it and the clock's", async () => {
  const committed = project.read(approvalsFile);
  const dates = Object.entries(parseYaml(committed) as Approvals).flatMap(([key, list = []]) =>
    list.map((approval) => ({ key, approval, day: approval.reviews?.at(-1)?.date ?? approval.date })),
  );
  const latest = dates.reduce((a, b) => (b.day > a.day ? b : a));
  // The build's clock, a day before the latest date: the machine's clock set wrong.
  const behind = Date.parse(`${latest.day}T12:00:00Z`) - 86_400_000;
  const clock = `const D = Date; const shift = D.now() - ${behind}; globalThis.Date = class extends D { constructor(...a) { super(...(a.length ? a : [D.now() - shift])); } static now() { return D.now() - shift; } };`;
  const env = { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(clock)}` };
  const said = `The clock reads ${new Date(behind).toISOString().slice(0, 10)} (UTC), before the legal record's latest date: ${latest.key}@${latest.approval.version} was`;
  const { code, output } = await project.build({ ...production, ...env });
  expect(code, output).not.toBe(0);
  expect(output).toContain(said);
  expect(output).toContain("Set this machine's clock to the right date and time");

  const approve = spawnSync(
    process.execPath,
    [
      'packages/legal/src/commands/approve.ts',
      'privacy',
      ...recordFlag,
      '--by',
      'Test Approver',
      '--reviewed',
      '--note',
      'Review',
    ],
    { cwd: project.dir, encoding: 'utf8', env: { ...process.env, ...env } },
  );
  expect(approve.status).not.toBe(0);
  expect(approve.stderr).toContain(said);
  // Nothing recorded on such a clock.
  expect(project.read(approvalsFile)).toBe(committed);
}, 600_000);

it('builds a preview at its own xn-- address as a marked, unindexed draft, its host exact in the code line', async () => {
  const host = 'deploy-preview-1--xn--bcher-kva.netlify.app';
  const netlify = project.read('netlify.toml');
  expect(netlify).toMatch(
    /\[context\.deploy-preview\]\n\s+command = "PUBLIC_SITE_URL=\$DEPLOY_PRIME_URL LEGAL_DRAFTS=1 npm run build"/,
  );
  const stopped = await project.build({ ...production, PUBLIC_SITE_URL: `https://${host}` });
  expect(stopped.code, stopped.output).not.toBe(0);
  const preview = await project.build({ PUBLIC_SITE_URL: `https://${host}`, LEGAL_DRAFTS: '1' });
  expect(preview.code, preview.output).toBe(0);
  const terms = project.read('dist/terms.html');
  expect(bodyOf(terms)).toContain(`@${host} #482913`);
  expect(terms).toContain('<strong>Draft, not yet approved.</strong>');
  for (const page of ['dist/terms.html', 'dist/index.html', 'dist/privacy.html'])
    expect(project.read(page)).toContain('<meta name="robots" content="noindex">');
}, 600_000);

// Starting one's own record is a step from the template's; an owner's record is never removed (the test after this one).
it.runIf(template)(
  "starts the owner's own record in one step, refuses example values in it, and never removes it",
  () => {
    const run = (...args: string[]) => spawnSync('npm', ['run', ...args], { cwd: project.dir, encoding: 'utf8' });
    const approve = ['legal:approve', '--', 'privacy', '--by', 'Jane Doe', '--date', '2026-01-05'];
    expect(run('check:release').stderr).toContain("the legal record is the template's");
    // On the template's record, an owner's approval is refused: start your own first.
    expect(run(...approve, '--note', 'First version').stderr).toContain(
      "the legal record is still the template's (src/content/legal/versions/TEMPLATE); start your own record first: npm run legal:new-record",
    );
    expect(run('legal:new-record').status).toBe(0);
    expect(existsSync(join(project.dir, 'src/content/legal/versions'))).toBe(false);
    const check = run('check:release').stderr;
    expect(check).not.toContain("the legal record is the template's");
    for (const kind of ['privacy', 'terms', 'guidelines', 'terms-of-use', 'health-data'])
      expect(check).toContain(`${kind}: its words are not approved`);

    // A note for readers is required; the words may not quote the config's example values, each named.
    expect(run(...approve).stderr).toContain('--note is missing');
    const examples = run(...approve, '--note', 'First version').stderr;
    expect(examples).toContain('privacy: the words quote example values of site.config.ts: ');
    expect(examples).toContain('legalAddress ("100 Example Street, San Francisco, CA 94105, United States")');
    expect(existsSync(join(project.dir, approvalsFile))).toBe(false);
    project.edit('site.config.ts', /example\(/g, '(');
    expect(run(...approve, '--note', 'First version').status).toBe(0);
    expect(project.read(approvalsFile)).toMatch(
      /^privacy:\n {2}- version: 2026-01-05\n {4}date: 2026-01-05\n {4}approvedBy: Jane Doe\n {4}note: First version\n/m,
    );
    expect(run('check:release').stderr).not.toContain('privacy: its words are not approved');

    // Run again on the owner's record: refused, naming what it would remove, and the record left as it was.
    const record = project.read(approvalsFile);
    const again = run('legal:new-record');
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('this command would remove them:\n  privacy@2026-01-05\n');
    expect(again.stderr).toContain('Nothing was changed.');
    expect(project.read(approvalsFile)).toBe(record);
    expect(existsSync(join(project.dir, 'src/content/legal/versions/privacy/2026-01-05.html'))).toBe(true);
  },
  300_000,
);

it.skipIf(template)("refuses to start a new record over the owner's own, naming what it would remove", () => {
  const record = project.read(approvalsFile);
  const approved = Object.entries(parseYaml(record) as Approvals).flatMap(([kind, list]) =>
    (list ?? []).map(({ version }) => `${kind}@${version}`),
  );
  const again = spawnSync('npm', ['run', 'legal:new-record'], { cwd: project.dir, encoding: 'utf8' });
  expect(again.status).not.toBe(0);
  for (const version of approved) expect(again.stderr).toContain(`  ${version}\n`);
  expect(again.stderr).toContain('Nothing was changed.');
  expect(project.read(approvalsFile)).toBe(record);
});
