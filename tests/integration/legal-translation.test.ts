/**
 * A translation never publishes stale silently: real builds of a copy of the project. Once the English privacy policy
 * has a newer approved version than the one its Spanish translation translates, a production build stops, naming the
 * Spanish file, both English versions and the command to fix it; with the owner's choice for that page in
 * translations.yaml, it builds, and /es/privacy says it translates an earlier English version, linking the English in
 * effect.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Approval } from '../../src/lib/legal/approvals.node.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { reword } from '../support/legalEdits.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

const production = { LEGAL_DRAFTS: '' };
const latestOf = (key: string) => {
  const approvals = parse(project.read('src/content/legal/approvals.yaml')) as Record<string, Approval[]>;
  return approvals[key]!.at(-1)!;
};
/** The Spanish words around the legal text: the notice's opening, as es.yaml has it. */
const spanish = (
  parse(readFileSync(new URL('../../src/content/i18n/es/words.yaml', import.meta.url), 'utf8')) as {
    legal: Record<string, string>;
  }
).legal;

it('stops on a stale translation, naming it, and publishes it with a notice once the owner chooses so', async () => {
  const translated = latestOf('privacy.es');
  expect(translated.translates).toBe(`privacy@${latestOf('privacy').version}`);

  // The English policy changes and is approved: the Spanish one now translates an earlier version.
  project.write('src/content/legal/privacy.md', reword(project.read('src/content/legal/privacy.md'), 'introduction'));
  const args = ['scripts/legal-approve.ts', 'privacy', '--template', '--by', 'Test Approver'];
  const more = ['--note', 'The introduction says it more plainly', '--no-notice', 'No change of meaning'];
  const approved = spawnSync(process.execPath, [...args, ...more], { cwd: project.dir, encoding: 'utf8' });
  expect(approved.status, approved.stdout + approved.stderr).toBe(0);
  const english = `privacy@${latestOf('privacy').version}`;

  const stopped = await project.build(production);
  expect(stopped.code, stopped.output).not.toBe(0);
  expect(stopped.output).toContain(
    `src/content/i18n/es/legal/privacy.md (privacy.es) translates ${translated.translates}, but the English page's approved version is now ${english}.`,
  );
  expect(stopped.output).toContain('npm run legal:approve -- privacy --locale es --by "<your name>"');
  expect(stopped.output).not.toContain('health-data.es');

  // The owner keeps publishing it meanwhile, with a notice.
  project.edit('src/content/legal/translations.yaml', /(privacy:\n\s+publishStale: )false/, '$1true');
  const built = await project.build(production);
  expect(built.code, built.output).toBe(0);
  const page = project.read('dist/es/privacy.html');
  const notice = /<section class="legal-notice"[^>]*>([^]*?)<\/section>/.exec(page)?.[1];
  expect(notice, page).toBeDefined();
  expect(notice).toContain(spanish.staleNotice!.split('{{')[0]!.trim());
  expect(notice).toMatch(/<a href="\/privacy" hreflang="en" lang="en">/);
  expect(notice).toContain(`<time datetime="${translated.translates!.split('@')[1]!.slice(0, 10)}">`);
  // The English page shows no such notice, and the Spanish health policy, still current, neither.
  expect(project.read('dist/privacy.html')).not.toContain(spanish.staleNotice!.split('{{')[0]!.trim());
  // (It may announce a version approved for later: that notice is not the stale one.)
  expect(project.read('dist/es/health-data.html')).not.toContain(spanish.staleNotice!.split('{{')[0]!.trim());
}, 600_000);
