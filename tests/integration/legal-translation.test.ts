/**
 * A translation never publishes stale silently, and its readers hear of a change when English readers do: real builds
 * of copies of the project. Once the English privacy policy has a newer version in effect than the one its Spanish
 * translation translates, a production build stops, naming the Spanish file, both English versions and the command to
 * fix it; with the owner's choice for that page in translations.yaml, it builds, and /es/privacy says it translates an
 * earlier English version, linking the English in effect. An English change approved for later never stops the
 * build: /es/privacy announces it in Spanish from the day of approval, and legal:approve says the translation must
 * follow by the day it takes effect.
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
const latestOf = (key: string, copy = project) => {
  const approvals = parse(copy.read('src/content/legal/approvals.yaml')) as Record<string, Approval[]>;
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
    `src/content/i18n/es/legal/privacy.md (privacy.es) translates ${translated.translates}, but the English version in effect is now ${english}.`,
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

it('announces an English change approved for later on the translation, in Spanish, until the translation follows it', async () => {
  const own = copyProject();
  try {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const approve = (...more: string[]) =>
      spawnSync(
        process.execPath,
        ['scripts/legal-approve.ts', 'privacy', '--template', '--by', 'Test Approver', '--note', 'Plainer', ...more],
        { cwd: own.dir, encoding: 'utf8' },
      );
    own.write('src/content/legal/privacy.md', reword(own.read('src/content/legal/privacy.md'), 'introduction'));
    const english = approve('--effective', day(40));
    expect(english.status, english.stdout + english.stderr).toBe(0);
    const next = latestOf('privacy', own);
    expect(english.stdout).toContain(
      `privacy.es (src/content/i18n/es/legal/privacy.md): translate privacy@${next.version} and approve the translation by ${day(40)}`,
    );

    // A production build publishes both; the Spanish page announces the English change in Spanish.
    const announced = spanish.translationUpcoming!.split('}}')[1]!.split('{{')[0]!.trim();
    const built = await own.build(production);
    expect(built.code, built.output).toBe(0);
    const page = own.read('dist/es/privacy.html');
    const notice = /<section class="legal-notice"[^>]*>([^]*?)<\/section>/.exec(page)?.[1];
    expect(notice, page).toContain(announced);
    expect(notice).toContain(`<time datetime="${day(40)}">`);
    expect(notice).toContain(`<a href="/legal/privacy/${next.version}" hreflang="en">${spanish.readNewEnglish}</a>`);
    expect(own.read('dist/privacy.html')).not.toContain(announced);

    // The translation follows: it takes effect with the English, and announces itself as the English page does.
    const followed = approve('--locale', 'es');
    expect(followed.stdout + followed.stderr).toContain(
      `in effect from ${day(40)}, translating privacy@${next.version}`,
    );
    const rebuilt = await own.build(production);
    expect(rebuilt.code, rebuilt.output).toBe(0);
    const after = own.read('dist/es/privacy.html');
    expect(after).not.toContain(announced);
    expect(after).toContain(`${spanish.readNewVersion}</a>`);
    expect(after).toContain(`<time datetime="${day(40)}">`);
  } finally {
    own.remove();
  }
}, 900_000);
