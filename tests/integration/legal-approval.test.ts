/**
 * What is approved is what people read: real builds of a copy of the project. Any change of a legal page's words stops
 * a production build, whatever made it (a config value, a PUBLIC_* variable, code, the data file, the Markdown),
 * showing the changed lines by section; a change that alters no legal page builds. `npm run legal:approve` refuses a
 * page that does not render, with the build's own message; once approved the build passes, the history lists both
 * versions, and the earlier version still reads, word for word, as it did. A review that changes no word refreshes
 * "Last reviewed"; LEGAL_DRAFTS=1 builds unapproved words as a marked draft.
 */
import { spawnSync } from 'node:child_process';
import { parse, renderSync } from 'ultrahtml';
import { querySelector } from 'ultrahtml/selector';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Approval } from '../../src/lib/legal/approvals.node.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { reword } from '../support/legalEdits.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

/** A production build, whatever the shell running the tests has set. */
const production = { LEGAL_DRAFTS: '' };
const bodyOf = (html: string) => renderSync(querySelector(parse(html), '.legal-body')!);
const noindex = '<meta name="robots" content="noindex">';
const approve = (kind: string, date: string, ...more: string[]) => {
  const args = ['scripts/legal-approve.ts', kind, '--by', 'Test Approver', '--date', date, ...more];
  const { status, stdout, stderr } = spawnSync(process.execPath, args, { cwd: project.dir, encoding: 'utf8' });
  return { code: status, output: stdout + stderr };
};
/** A page's latest approval as the project copy records it, whatever the owner has approved since. */
const latestOf = (kind: string) => {
  const approvals = parseYaml(project.read('src/content/legal/approvals.yaml')) as Record<string, Approval[]>;
  const latest = approvals[kind]!.at(-1)!;
  return { ...latest, id: `${kind}@${latest.version}` };
};
/** Builds and expects it to stop on unapproved words of `kind`, with `changed` among the lines it shows. */
async function expectStopped(env: Record<string, string>, kind: string, changed: RegExp) {
  const { code, output } = await project.build({ ...production, ...env });
  expect(code, output).not.toBe(0);
  expect(output).toContain(`${kind}: its words differ from its latest approved version (${latestOf(kind).id}, `);
  expect(output).toMatch(changed);
  return output;
}

it('stops on any change of the words, approves the words as read, and keeps the earlier version as it was', async () => {
  project.edit('site.config.ts', /tagline: '[^']*'/, "tagline: 'AI food picks for your whole group'");
  const before = await project.build(production);
  expect(before.code, before.output).toBe(0);
  const earlier = bodyOf(project.read('dist/privacy.html'));
  const approved = latestOf('privacy');
  expect(earlier).toContain('within 30 days');

  // A deploy's PUBLIC_* variable the pages quote (the site's host), and code that writes a legal sentence (the terms'
  // list of opt-out words).
  await expectStopped({ PUBLIC_SITE_URL: 'https://example.org' }, 'terms', /\n {4}\+ .*example\.org/);
  const listFormat = "new Intl.ListFormat('en-US')";
  project.edit('src/lib/legal/tokens.node.ts', listFormat, "new Intl.ListFormat('en-US', { type: 'disjunction' })");
  await expectStopped(
    {},
    'terms',
    /\n {2}### .* \{ #stop \}\n {4}- .*, and [A-Z ]+ as STOP[^]*\n {4}\+ .*, or [A-Z ]+ as STOP/,
  );
  project.edit('src/lib/legal/tokens.node.ts', "new Intl.ListFormat('en-US', { type: 'disjunction' })", listFormat);

  // A config value: the section, the line before and after, and what to do.
  project.edit('site.config.ts', 'accountDeletionDays: 30,', 'accountDeletionDays: 90,');
  const stopped = await expectStopped({}, 'privacy', /\n {2}## .* \{ #retention \}\n {4}- .*within 30 days/);
  expect(stopped).toMatch(/\n {4}\+ .*within 90 days/);
  expect(stopped).toContain('health-data: its words differ');
  expect(stopped).not.toMatch(/^(terms|guidelines|terms-of-use): its words differ/m);
  expect(stopped).toContain('npm run legal:approve -- privacy --by "<your name>"\n');
  expect(stopped).toContain('or preview them as a draft:\n  LEGAL_DRAFTS=1 npm run build');

  // Nothing broken is approved: a bad data entry stops the approval with the build's own message.
  const data = project.read('src/content/legal/data-practices.yaml');
  project.write('src/content/legal/data-practices.yaml', data.replace(/euBasis: contract/, 'euBasis: contrat'));
  const refused = approve('privacy', '2026-12-01');
  const build = await project.build(production);
  const message = /data entry "\w[\w-]*", field euBasis is "contrat"; expected one of [^\n]*/.exec(build.output)?.[0];
  expect(message, build.output).toBeDefined();
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain(message);
  project.write('src/content/legal/data-practices.yaml', data);

  for (const kind of ['privacy', 'health-data']) expect(approve(kind, '2026-12-01').code).toBe(0);
  const after = await project.build(production);
  expect(after.code, after.output).toBe(0);
  const current = project.read('dist/privacy.html');
  expect(current).toContain('<meta name="legal-version" content="privacy@2026-12-01">');
  expect(bodyOf(current)).toContain('within 90 days');
  const old = project.read(`dist/legal/privacy/${approved.version}.html`);
  expect(bodyOf(old)).toBe(earlier);
  expect(old).toContain(noindex);
  expect(old).toMatch(/<link rel="canonical" href="https?:\/\/[^"/]+\/privacy">/);
  expect(old).toContain('This version was replaced on');
  expect(project.read('dist/legal/privacy/2026-12-01.html')).not.toContain(noindex);
  const history = project.read('dist/legal/privacy/history.html');
  expect(history).toContain('<dd>privacy@2026-12-01</dd><dt>Approved by</dt><dd>Test Approver</dd>');
  expect(history).toContain(`<dd>${approved.id}</dd><dt>Approved by</dt><dd>${approved.approvedBy}</dd>`);
  expect(history).toMatch(/<dt>What changed<\/dt><dd>[^<]*Retention, choices and rights/);

  // The yearly review: no word changed, "Last reviewed" and gpc.json follow it, the version stays.
  expect(approve('privacy', '2027-06-01').output).toContain('the words equal its latest approved version');
  expect(approve('privacy', '2027-06-01', '--reviewed', '--note', 'Yearly review').code).toBe(0);
  expect((await project.build(production)).code).toBe(0);
  const reviewed = project.read('dist/privacy.html');
  expect(reviewed).toMatch(
    /This version effective <time datetime="2026-12-01">[^]*Last reviewed <time datetime="2027-06-01">/,
  );
  expect(reviewed).toContain('<meta name="legal-version" content="privacy@2026-12-01">');
  expect(project.read('dist/.well-known/gpc.json')).toContain('"lastUpdate":"2027-06-01"');
  expect(project.read('dist/legal/privacy/history.html')).toMatch(
    /Reviewed, no word changed<\/dt><dd><time datetime="2027-06-01">[^<]*<\/time>, by Test Approver: Yearly review/,
  );

  // A draft: built only when asked, marked and kept out of search engines.
  project.write('src/content/legal/privacy.md', reword(project.read('src/content/legal/privacy.md'), 'this-website'));
  const draft = await project.build({ LEGAL_DRAFTS: '1' });
  expect(draft.code, draft.output).toBe(0);
  const draftPage = project.read('dist/privacy.html');
  expect(draftPage).toContain('<strong>Draft, not yet approved.</strong>');
  expect(draftPage).toContain(noindex);
  expect(draftPage).not.toContain('name="legal-version"');
}, 900_000);
