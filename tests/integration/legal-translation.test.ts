/**
 * A translation never publishes stale silently, and its readers hear of a change when English readers do: real builds
 * of copies of the project, on the first language that translates the privacy policy (Spanish, in the template). Once
 * the English privacy policy has a newer version in effect than the one its translation translates, a production
 * build stops, naming the translation's file, both English versions and the command to fix it; with the owner's
 * choice for that page in translations.yaml, it builds, and the translated page (/es/privacy) says it translates an
 * earlier English version, linking the English in effect. An English change approved for later never stops the
 * build: the translated page announces it in its language from the day of approval, and legal:approve says the
 * translation must follow by the day it takes effect. A site in English only has no translation to test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { type Approval, translationFile } from 'legal-record';
import type { ProjectCopy } from '../support/projectCopy.ts';
import { reword } from '../support/legalEdits.ts';
import { recordFlag, settledCopy, translationsOf } from '../support/ownerContent.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = settledCopy();
});
afterAll(() => project?.remove());

const production = { LEGAL_DRAFTS: '' };
const latestOf = (key: string, copy = project) => {
  const approvals = parse(copy.read('src/content/legal/approvals.yaml')) as Record<string, Approval[]>;
  return approvals[key]!.at(-1)!;
};
/** The first published translation of the privacy policy; a site in English only has none, and nothing to test. */
const [locale] = translationsOf('privacy');

describe.runIf(locale)(`the privacy policy's translation (${locale})`, () => {
  /** The words around the legal text in the translation's language: the notice's opening, as its words.yaml has it. */
  const words = () =>
    (
      parse(readFileSync(new URL(`../../src/content/i18n/${locale}/words.yaml`, import.meta.url), 'utf8')) as {
        legal: Record<string, string>;
      }
    ).legal;
  /** Another page the language translates, still current: it shows no stale notice. */
  const other = ['health-data', 'terms'].find((kind) => existsSync(translationFile(kind, locale!)));

  it('stops on a stale translation, naming it, and publishes it with a notice once the owner chooses so', async () => {
    const localWords = words();
    const translated = latestOf(`privacy.${locale}`);
    expect(translated.translates).toBe(`privacy@${latestOf('privacy').version}`);

    // The English policy changes and is approved: the translation now translates an earlier version.
    project.write('src/content/legal/privacy.md', reword(project.read('src/content/legal/privacy.md'), 'introduction'));
    const args = ['packages/legal/src/commands/approve.ts', 'privacy', ...recordFlag, '--by', 'Test Approver'];
    const more = [
      '--note',
      'The introduction says it more plainly',
      '--no-notice',
      'No change of meaning',
      '--not-significant',
    ];
    const approved = spawnSync(process.execPath, [...args, ...more], { cwd: project.dir, encoding: 'utf8' });
    expect(approved.status, approved.stdout + approved.stderr).toBe(0);
    const english = `privacy@${latestOf('privacy').version}`;

    const stopped = await project.build(production);
    expect(stopped.code, stopped.output).not.toBe(0);
    expect(stopped.output).toContain(
      `${translationFile('privacy', locale!)} (privacy.${locale}) translates ${translated.translates}, but the English version in effect is now ${english}.`,
    );
    expect(stopped.output).toContain(`npm run legal:approve -- privacy --locale ${locale} --by "<your name>"`);
    if (other) expect(stopped.output).not.toContain(`${other}.${locale}`);

    // The owner keeps publishing it meanwhile, with a notice, as every other translation the change left behind.
    const settings = (parse(project.read('src/content/legal/translations.yaml')) ?? {}) as Record<string, object>;
    for (const each of translationsOf('privacy'))
      settings[each] = { ...settings[each], privacy: { publishStale: true } };
    project.write('src/content/legal/translations.yaml', stringify(settings));
    const built = await project.build(production);
    expect(built.code, built.output).toBe(0);
    const page = project.read(`dist/${locale}/privacy.html`);
    const notice = /<section class="legal-notice"[^>]*>([^]*?)<\/section>/.exec(page)?.[1];
    expect(notice, page).toBeDefined();
    expect(notice).toContain(localWords.staleNotice!.split('{{')[0]!.trim());
    expect(notice).toMatch(/<a href="\/privacy" hreflang="en" lang="en">/);
    expect(notice).toContain(`<time datetime="${translated.translates!.split('@')[1]!.slice(0, 10)}">`);
    // The English page shows no such notice, and another translated page, still current, neither.
    expect(project.read('dist/privacy.html')).not.toContain(localWords.staleNotice!.split('{{')[0]!.trim());
    // (It may announce a version approved for later: that notice is not the stale one.)
    if (other)
      expect(project.read(`dist/${locale}/${other}.html`)).not.toContain(
        localWords.staleNotice!.split('{{')[0]!.trim(),
      );
  }, 600_000);

  it('announces an English change approved for later on the translation, in its language, until the translation follows it', async () => {
    const localWords = words();
    const own = settledCopy();
    try {
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const approve = (...more: string[]) =>
        spawnSync(
          process.execPath,
          [
            'packages/legal/src/commands/approve.ts',
            'privacy',
            ...recordFlag,
            '--by',
            'Test Approver',
            '--note',
            'Plainer',
            '--not-significant',
            ...more,
          ],
          { cwd: own.dir, encoding: 'utf8' },
        );
      own.write('src/content/legal/privacy.md', reword(own.read('src/content/legal/privacy.md'), 'introduction'));
      const english = approve('--effective', day(40));
      expect(english.status, english.stdout + english.stderr).toBe(0);
      const next = latestOf('privacy', own);
      expect(english.stdout).toContain(
        `privacy.${locale} (${translationFile('privacy', locale!)}): translate privacy@${next.version} and approve the translation by ${day(40)}`,
      );

      // A production build publishes both; the translated page announces the English change in its language.
      const announced = localWords.translationUpcoming!.split('}}')[1]!.split('{{')[0]!.trim();
      const built = await own.build(production);
      expect(built.code, built.output).toBe(0);
      const page = own.read(`dist/${locale}/privacy.html`);
      const notice = /<section class="legal-notice"[^>]*>([^]*?)<\/section>/.exec(page)?.[1];
      expect(notice, page).toContain(announced);
      expect(notice).toContain(`<time datetime="${day(40)}">`);
      expect(notice).toContain(
        `<a href="/legal/privacy/${next.version}" hreflang="en">${localWords.readNewEnglish}</a>`,
      );
      expect(own.read('dist/privacy.html')).not.toContain(announced);

      // The translation follows: it takes effect with the English, and announces itself as the English page does.
      const followed = approve('--locale', locale!);
      expect(followed.stdout + followed.stderr).toContain(
        `in effect from ${day(40)}, translating privacy@${next.version}`,
      );
      const rebuilt = await own.build(production);
      expect(rebuilt.code, rebuilt.output).toBe(0);
      const after = own.read(`dist/${locale}/privacy.html`);
      expect(after).not.toContain(announced);
      expect(after).toContain(`${localWords.readNewVersion}</a>`);
      expect(after).toContain(`<time datetime="${day(40)}">`);
    } finally {
      own.remove();
    }
  }, 900_000);
});
