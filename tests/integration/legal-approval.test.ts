/**
 * Nothing unreviewed goes live: real builds of a copy of the project with one privacy sentence harmlessly reworded.
 * The production build stops and shows the change; LEGAL_DRAFTS=1 builds it as a marked draft; once approved the
 * build passes, the history lists both versions, and the earlier version stays published exactly as it was built.
 */
import { execFileSync } from 'node:child_process';
import { parse, renderSync } from 'ultrahtml';
import { querySelector } from 'ultrahtml/selector';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { reword } from '../support/renderLegal.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

/** A production build, whatever the shell running the tests has set. */
const production = { LEGAL_DRAFTS: '' };
const bodyOf = (html: string) => renderSync(querySelector(parse(html), '.legal-body')!);
const noindex = '<meta name="robots" content="noindex">';

it('stops a reworded privacy sentence until it is approved, builds it as a draft, and keeps the earlier version', async () => {
  const before = await project.build(production);
  expect(before.code, before.output).toBe(0);
  const earlierBody = bodyOf(project.read('dist/privacy.html'));
  const approvals = parseYaml(project.read('src/content/legal/approvals.yaml')) as Record<
    string,
    { version: string; date: string; approvedBy: string }[]
  >;
  const earlier = approvals.privacy!.at(-1)!;

  const source = project.read('src/content/legal/privacy.md');
  const edited = reword(source, 'this-website');
  // The paragraph's first line before and after, whatever the policy says today.
  const opening = (markdown: string) => markdown.split('{ #this-website }\n\n')[1]!.split('\n')[0]!;
  project.write('src/content/legal/privacy.md', edited);
  const stopped = await project.build(production);
  expect(stopped.code, stopped.output).not.toBe(0);
  expect(stopped.output).toContain(`privacy: differs from its latest approved version (privacy@${earlier.version}, `);
  expect(stopped.output).toMatch(/\n {2}### .* \{ #this-website \}\n {4}- /);
  expect(stopped.output).toContain(`\n    - ${opening(source)}`);
  expect(stopped.output).toContain(`\n    + ${opening(edited)}`);
  expect(stopped.output).toContain(
    'npm run legal:approve -- privacy --by "<your name>"\nor preview it as a draft:\n  LEGAL_DRAFTS=1 npm run build',
  );
  expect(stopped.output).not.toMatch(/^(terms|guidelines): differs/m);

  const draft = await project.build({ LEGAL_DRAFTS: '1' });
  expect(draft.code, draft.output).toBe(0);
  const draftPage = project.read('dist/privacy.html');
  expect(draftPage).toContain('<strong>Draft, not yet approved.</strong>');
  expect(draftPage).toContain(noindex);
  expect(draftPage).not.toContain('name="legal-version"');

  // The test's own date, unless the real approvals are already later (an earlier date is refused).
  const date = earlier.date > '2026-12-01' ? earlier.date : '2026-12-01';
  const approve = ['scripts/legal-approve.ts', 'privacy', '--by', 'Test Approver', '--date', date];
  execFileSync(process.execPath, approve, { cwd: project.dir, stdio: 'pipe' });
  const recorded = (parseYaml(project.read('src/content/legal/approvals.yaml')) as typeof approvals).privacy!;
  expect(recorded).toHaveLength(approvals.privacy!.length + 1);
  const latest = recorded.at(-1)!.version;

  const after = await project.build(production);
  expect(after.code, after.output).toBe(0);
  const current = project.read('dist/privacy.html');
  expect(current).not.toContain(noindex);
  expect(current).toContain(`<meta name="legal-version" content="privacy@${latest}">`);
  expect(bodyOf(current)).toContain(opening(edited).split(/[{,]/)[0]);

  const history = project.read('dist/privacy/history.html');
  expect(history).toContain(`<dd>privacy@${latest}</dd><dt>Approved by</dt><dd>Test Approver</dd>`);
  expect(history).toContain(`<dd>privacy@${earlier.version}</dd><dt>Approved by</dt><dd>${earlier.approvedBy}</dd>`);
  const heading = /^### (.*) \{ #this-website \}$/m.exec(source)![1];
  expect(history).toContain(`<dt>What changed</dt><dd>${heading}</dd>`);
  expect(history.indexOf(`privacy@${latest}`)).toBeLessThan(history.indexOf(`privacy@${earlier.version}`));

  const old = project.read(`dist/privacy/versions/${earlier.version}.html`);
  expect(bodyOf(old)).toBe(earlierBody);
  expect(old).toContain(noindex);
  expect(old).toMatch(/<link rel="canonical" href="https?:\/\/[^"/]+\/privacy">/);
  expect(old).toContain('This version was replaced on');
  expect(project.read(`dist/privacy/versions/${latest}.html`)).not.toContain(noindex);
}, 600_000);
