/**
 * What is approved is what people read: real builds of a copy of the project. Any change of a legal page's words stops
 * a production build, whatever made it (a config value, a PUBLIC_* variable, code, the data file, the Markdown),
 * showing the changed lines by section; a change that alters no legal page builds. `npm run legal:approve` refuses a
 * page that does not render, with the build's own message; once approved the build passes, the history lists both
 * versions, and the earlier version still reads, word for word, as it did. A review that changes no word refreshes
 * "Last reviewed"; LEGAL_DRAFTS=1 builds unapproved words as a marked draft. A change approved to take effect 30 days
 * ahead leaves the page's words as they are and announces it; an approval without a note, or with an effective date
 * before its own, is refused.
 */
import { spawnSync } from 'node:child_process';
import { parse, renderSync } from 'ultrahtml';
import { querySelector } from 'ultrahtml/selector';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../../src/config/index.ts';
import { type Approval, legalPages } from 'legal-record';
import type { ProjectCopy } from '../support/projectCopy.ts';
import { reword } from '../support/legalEdits.ts';
import { recordFlag, settledCopy, template, translationsOf } from '../support/ownerContent.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = settledCopy();
});
afterAll(() => project?.remove());

/** A production build, whatever the shell running the tests has set. */
const production = { LEGAL_DRAFTS: '' };
const bodyOf = (html: string) => renderSync(querySelector(parse(html), '.legal-body')!);
const noindex = '<meta name="robots" content="noindex">';
/** The day the build publishes for: a version approved today, in effect today, is what the page's address shows. */
const today = new Date().toISOString().slice(0, 10);
/** Approves on the record in place (the template's, or the owner's), today unless `--date` says otherwise. */
const approveIn = (copy: ProjectCopy, kind: string, ...more: string[]) => {
  const args = ['packages/legal/src/commands/approve.ts', kind, ...recordFlag, '--by', 'Test Approver', ...more];
  const { status, stdout, stderr } = spawnSync(process.execPath, args, { cwd: copy.dir, encoding: 'utf8' });
  return { code: status, output: stdout + stderr };
};
const approve = (kind: string, ...more: string[]) => approveIn(project, kind, ...more);
/** A page's latest approval as the project copy records it, whatever the owner has approved since. */
const latestOf = (kind: string, copy = project) => {
  const approvals = parseYaml(copy.read('src/content/legal/approvals.yaml')) as Record<string, Approval[]>;
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
  // The days the config gives to delete an account, as the privacy policy quotes them, and a later figure.
  const days = Number(/accountDeletionDays: (\d+),/.exec(project.read('site.config.ts'))![1]);
  const later = days + 60;
  expect(earlier).toContain(`within ${days} days`);

  // A deploy's PUBLIC_* variable the pages quote (the site's host), and code that writes a legal sentence (the terms'
  // list of opt-out words).
  await expectStopped({ PUBLIC_SITE_URL: 'https://example.org' }, 'terms', /\n {4}\+ .*example\.org/);
  const listFormat = "new Intl.ListFormat('en-US')";
  project.edit(
    'packages/legal/src/render/tokens.node.ts',
    listFormat,
    "new Intl.ListFormat('en-US', { type: 'disjunction' })",
  );
  await expectStopped(
    {},
    'terms',
    /\n {2}### .* \{ #stop \}\n {4}- .*, and [A-Z ]+ as STOP[^]*\n {4}\+ .*, or [A-Z ]+ as STOP/,
  );
  project.edit(
    'packages/legal/src/render/tokens.node.ts',
    "new Intl.ListFormat('en-US', { type: 'disjunction' })",
    listFormat,
  );

  // A config value: the section, the line before and after, and what to do.
  project.edit('site.config.ts', `accountDeletionDays: ${days},`, `accountDeletionDays: ${later},`);
  const stopped = await expectStopped(
    {},
    'privacy',
    new RegExp(`\\n {2}## .* \\{ #retention \\}\\n {4}- .*within ${days} days`),
  );
  expect(stopped).toMatch(new RegExp(`\\n {4}\\+ .*within ${later} days`));
  // The deletion page quotes the figure too, and the health data policy where the owner publishes it (features.dietary).
  const quoting = ['privacy', 'health-data', 'delete-account'].filter((kind) =>
    legalPages(loadConfig().features).some((page) => page.kind === kind),
  );
  if (quoting.includes('health-data')) expect(stopped).toContain('health-data: its words differ');
  expect(stopped).toContain('delete-account: its words differ');
  expect(stopped).not.toMatch(/^(terms|guidelines|terms-of-use): its words differ/m);
  if (template) {
    // The record is still the template's: start your own first, so no owner's version lands on the template's.
    expect(stopped).toContain("The legal record is still the template's");
    expect(stopped).toContain(
      'Start your own record first, then approve each page as you publish it:\n  npm run legal:new-record\n',
    );
  } else {
    expect(stopped).not.toContain("The legal record is still the template's");
    expect(stopped).toContain('Once they are read and right, approve them:\n');
  }
  expect(stopped).toContain(
    'npm run legal:approve -- privacy --by "<your name>" --note "<what changed, for readers>"\n',
  );
  expect(stopped).toContain('or preview them as a draft:\n  LEGAL_DRAFTS=1 npm run build');

  // Nothing broken is approved: a bad data entry stops the approval with the build's own message.
  const data = project.read('src/content/legal/data-practices.yaml');
  project.write('src/content/legal/data-practices.yaml', data.replace(/euBasis: contract/, 'euBasis: contrat'));
  // The privacy policy's note names the section that changed by its id: its history shows the heading instead.
  const now = (kind: string) => [
    '--note',
    `Accounts deleted within ${later} days${kind === 'privacy' ? ' (#retention)' : ''}`,
    '--no-notice',
    'A test change',
    '--not-significant',
  ];
  const refused = approve('privacy', ...now('privacy'));
  const build = await project.build(production);
  const message = /data entry "\w[\w-]*", field euBasis is "contrat"; expected one of [^\n]*/.exec(build.output)?.[0];
  expect(message, build.output).toBeDefined();
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain(message);
  project.write('src/content/legal/data-practices.yaml', data);

  // A version already approved for a later day is followed, never preceded: this one takes effect with it, or today.
  const after = (key: string) => {
    const pending = latestOf(key).takesEffect;
    return pending && pending > today ? ['--effective', pending] : [];
  };
  for (const kind of quoting)
    expect(approve(kind, ...now(kind), ...after(kind)).output).toContain(`Approved ${kind}@${today}`);
  // Their translations quote the same figure: translated, and approved naming the English they translate.
  for (const kind of quoting)
    for (const locale of translationsOf(kind))
      expect(approve(kind, '--locale', locale, ...now(kind), ...after(`${kind}.${locale}`)).output).toContain(
        `Approved ${kind}.${locale}@${today}`,
      );
  const built = await project.build(production);
  expect(built.code, built.output).toBe(0);
  const current = project.read('dist/privacy.html');
  const { id, version } = latestOf('privacy');
  expect(current).toContain(`<meta name="legal-version" content="${id}">`);
  expect(bodyOf(current)).toContain(`within ${later} days`);
  const old = project.read(`dist/legal/privacy/${approved.version}.html`);
  expect(bodyOf(old)).toBe(earlier);
  expect(old).toContain(noindex);
  expect(old).toMatch(/<link rel="canonical" href="https?:\/\/[^"/]+\/privacy">/);
  expect(old).toContain('This version was replaced on');
  expect(project.read(`dist/legal/privacy/${version}.html`)).not.toContain(noindex);
  const history = project.read('dist/legal/privacy/history.html');
  expect(history).toMatch(
    new RegExp(`<dd>${id}</dd><dt>Approved</dt><dd><time datetime="${today}">[^<]*</time>, by Test Approver`),
  );
  expect(history).toContain('(without notice: A test change)');
  expect(history).toContain(`<dd>Accounts deleted within ${later} days (<q>Retention, choices and rights</q>)</dd>`);
  // A name is text, not a pattern: "Jane Doe (counsel)" reads as written.
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(history).toMatch(
    new RegExp(`<dd>${literal(approved.id)}</dd><dt>Approved</dt><dd>[^]*?, by ${literal(approved.approvedBy)}`),
  );
  expect(history).toMatch(/<dt>Sections changed<\/dt><dd>[^<]*Retention, choices and rights/);

  // The yearly review: no word changed, "Last reviewed" and gpc.json follow it, the version stays. A review dated
  // ahead is refused: it would show readers a day that has not come.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const ahead = approve('privacy', '--date', tomorrow, '--note', 'Yearly review', '--reviewed');
  expect(ahead).toMatchObject({ code: 1, output: expect.stringContaining(`--date ${tomorrow} is in the future`) });
  const review = ['--date', today, '--note', 'Yearly review'];
  expect(approve('privacy', ...review).output).toContain('the words equal its latest approved version');
  expect(approve('privacy', ...review, '--reviewed').code).toBe(0);
  expect((await project.build(production)).code).toBe(0);
  const reviewed = project.read('dist/privacy.html');
  expect(reviewed).toMatch(
    new RegExp(`This version effective <time datetime="${today}">[^]*Last reviewed <time datetime="${today}">`),
  );
  expect(reviewed).toContain(`<meta name="legal-version" content="${id}">`);
  expect(project.read('dist/.well-known/gpc.json')).toContain(`"lastUpdate":"${today}"`);
  expect(project.read('dist/legal/privacy/history.html')).toMatch(
    new RegExp(
      `Reviewed, no word changed</dt><dd><time datetime="${today}">[^<]*</time>, by Test Approver: Yearly review`,
    ),
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

it('keeps the words in effect until a change approved 30 days ahead takes effect, and announces it meanwhile', async () => {
  // A copy of its own: the record of the one above has moved on (a change, a review).
  const own = settledCopy();
  const approve = (kind: string, ...more: string[]) => approveIn(own, kind, ...more);
  own.write('src/content/legal/privacy.md', reword(own.read('src/content/legal/privacy.md'), 'introduction'));
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const inEffect = latestOf('privacy', own);

  const noNote = approve('privacy', '--effective', day(30));
  expect(noNote.code).not.toBe(0);
  expect(noNote.output).toContain('--note is missing');
  const note = ['--note', 'The introduction says it more plainly'];
  expect(approve('privacy', ...note, '--effective', day(-1)).output).toContain(`--effective ${day(-1)} is before`);
  expect(approve('privacy', ...note, '--effective', day(29)).output).toContain("less than the page's 30 days");

  // Whether the change is significant is the owner's choice: asked for, recorded, and what must follow it listed.
  expect(approve('privacy', ...note, '--effective', day(30)).output).toContain(
    '--significant or --not-significant is missing',
  );
  const approved = approve('privacy', ...note, '--effective', day(30), '--significant');
  expect(approved.code, approved.output).toBe(0);
  expect(approved.output).toMatch(
    new RegExp(`is a significant change: by ${day(30)}, the day it takes effect, tell App Store Connect`),
  );
  // Each translation, whose words this change leaves as they are, names the new English version it translates.
  for (const locale of translationsOf('privacy'))
    expect(approve('privacy', '--locale', locale, ...note, '--effective', day(30)).code).toBe(0);
  const next = latestOf('privacy', own);
  const { code, output } = await own.build(production);
  expect(code, output).toBe(0);
  const page = own.read('dist/privacy.html');
  expect(page).toContain(`<meta name="legal-version" content="${inEffect.id}">`);
  expect(bodyOf(page)).toBe(bodyOf(own.read(`dist/legal/privacy/${inEffect.version}.html`)));
  expect(page).toMatch(
    new RegExp(
      `A new version takes effect on <time datetime="${day(30)}">[^<]+</time>\\.</strong> The introduction says it more plainly\\. <a href="/legal/privacy/${next.version}">`,
    ),
  );
  expect(own.read(`dist/legal/privacy/${next.version}.html`)).toMatch(
    new RegExp(`This version takes effect on <time datetime="${day(30)}">`),
  );
  const history = own.read('dist/legal/privacy/history.html');
  expect(history).toMatch(new RegExp(`In effect from</dt><dd><time datetime="${day(30)}">`));
  expect(history).toContain('<dt>Significant change</dt><dd>Yes</dd>');
  // Once the stores are told, that is recorded, once.
  const followed = ['--followed', '--note', 'Told App Store Connect'];
  expect(approve('privacy', ...followed).output).toContain(`Recorded what followed privacy@${next.version}`);
  expect(approve('privacy', ...followed).output).toContain(`what followed privacy@${next.version} is already recorded`);
  own.remove();
}, 600_000);
