/**
 * `npm run check:release` lists every problem in one run: pages that fail the legal check, a record edited after the
 * fact, a translation that fails, each with the doc section that says how to fix it (docs/legal-pages.md#...), never
 * the code file that found it. On a copy of the project, broken in four places at once. And an owner can reach a pass
 * while keeping the template's 3D model and footage by a stated choice, or with the scene switched off, on a lean
 * owner's copy made launch-ready the way its owner would.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'ultrahtml';
import { querySelectorAll } from 'ultrahtml/selector';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { translationFile, translationSources } from 'legal-record';
import { modelPath, sceneStillPath, stillFormats } from '../../src/lib/media.ts';
import { leanOwnerCopy, type LeanOwnerCopy } from '../support/leanOwner.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { template } from '../support/ownerContent.ts';

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject();
});
afterAll(() => copy?.remove());

test('lists every legal failure in one run, each with the doc section that says how to fix it', () => {
  // Two English pages, and a translation where the config publishes one.
  const [translation] = loadConfig()
    .languages.filter((locale) => locale !== 'en')
    .flatMap((locale) => translationSources(locale).map(({ kind }) => translationFile(kind, locale)));
  const files = ['src/content/legal/privacy.md', 'src/content/legal/terms.md', ...(translation ? [translation] : [])];
  for (const file of files) copy.write(file, `${copy.read(file)}\nAsk {{noSuchToken}}.\n`);
  // A version recorded as taking effect before its own approval.
  copy.edit(
    'src/content/legal/approvals.yaml',
    /(\nterms:\n {2}- version: (\S+)\n {4}date: \S+\n)/,
    '$1    takesEffect: 2020-01-01\n',
  );
  const run = spawnSync(process.execPath, ['scripts/check-release.ts'], { cwd: copy.dir, encoding: 'utf8' });
  const output = run.stdout + run.stderr;
  expect(run.status, output).toBe(1);
  const listed = (problem: RegExp, doc: string) =>
    expect(output).toMatch(new RegExp(`\\n  - ${problem.source}[^]*?\\n    see ${doc.replace(/[.#]/g, '\\$&')}\\n`));
  for (const file of files) {
    listed(
      new RegExp(
        `${file.replace(/\./g, '\\.')} \\(the [\\w.]+ page\\) fails the legal check[^\\n]*\\n +- unknown token \\{\\{noSuchToken\\}\\}`,
      ),
      'docs/legal-pages.md#what-the-build-checks',
    );
  }
  listed(/terms@[\d-]+: it takes effect on 2020-01-01, before its approval/, 'docs/legal-pages.md#effective-dates');
  expect(output.match(/terms@[\d-]+: it takes effect/g), 'listed once').toHaveLength(1);
  // The rest of the list is still there, after the failures: on the template's content, its record (an owner's is theirs).
  if (template) listed(/the legal record is the template's/, 'docs/legal-pages.md#your-own-record');
  else expect(output).not.toContain("the legal record is the template's");
  expect(output).not.toMatch(/check\.node\.ts|\.node\.ts\)/);
});

// The lean owner is made from the template's own config and content (its example values), which an owner's copy no
// longer has: there, this skips.
describe.runIf(template)("a lean owner's copy, made ready for launch as its owner would", () => {
  let owner: LeanOwnerCopy;
  const checkRelease = () => owner.run('npm', ['run', '--silent', 'check:release']);
  /** The check's run, passing or not: its exit code and everything it printed. */
  const checkOutput = () => {
    const run = spawnSync('npm', ['run', '--silent', 'check:release'], { cwd: owner.dir, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  };

  beforeAll(() => {
    owner = leanOwnerCopy();
    // What the lean owner left for later: the optional legal values and app ids written as plain values, the state
    // whose law governs the terms, the SMS consent screenshot, their own logo, icon and support answer.
    for (const [field, value] of [
      ['euRepresentative', "''"],
      ['governingState', "'Oregon'"],
      ['sentryDsn', "''"],
      ['appleTeamId', "''"],
      ['iosBundleId', "''"],
    ])
      owner.edit('site.config.ts', new RegExp(`${field}: example\\(''\\)`), `${field}: ${value}`);
    owner.edit('site.config.ts', /smsConsentScreenshot: '[^']*'/, "smsConsentScreenshot: '/images/sms-consent.png'");
    // A 1x1 PNG: the build checks the file exists.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    writeFileSync(join(owner.dir, 'public/images/sms-consent.png'), Buffer.from(png, 'base64'));
    owner.edit('public/images/logo-white.svg', /<svg /, '<svg data-owner="forkful" ');
    owner.edit('public/favicon.svg', /<svg /, '<svg data-owner="forkful" ');
    const answer = 'src/content/i18n/en/support/phones.md';
    owner.write(answer, `${owner.read(answer)}\n{{productName}} works offline too, once your group is set up.\n`);
    // Every owner confirmation, confirmed by them.
    owner.edit(
      'src/content/legal/owner-confirmations.yaml',
      /confirmed: false/g,
      'confirmed: { by: Dana Owner, date: 2026-01-05 }',
    );
    // The values above changed some legal words: the check names the pages, which the owner approves again. Nobody
    // has agreed to them yet, so no notice period applies.
    for (const [, page] of checkOutput().output.matchAll(/\n {2}- (\S+): its words are not approved/g))
      owner.run('node_modules/.bin/node', [
        'packages/legal/src/commands/approve.ts',
        page!,
        '--by',
        'Dana Owner',
        '--note',
        'Filled in before launch',
        '--no-notice',
        'Not launched yet: no user has agreed to it',
        '--not-significant',
      ]);
  }, 300_000);
  afterAll(() => owner?.remove());

  test("lists the template's 3D model and footage until the owner keeps them by a stated choice, then passes", () => {
    const before = checkOutput();
    expect(before.status, before.output).toBe(1);
    // Nothing else is left: the two media, each with how to keep it instead.
    expect([...before.output.matchAll(/\n {2}- (.*)/g)].map(([, line]) => line)).toEqual([
      expect.stringMatching(
        /^the hero footage and its stills: still the template's .*keepTemplateMedia: \['footage'\]/,
      ),
      expect.stringMatching(/^the 3D model and its still: still the template's .*keepTemplateMedia: \['model'\]/),
    ]);

    owner.edit('site.config.ts', /keepTemplateMedia: \[\] as string\[\]/, "keepTemplateMedia: ['model', 'footage']");
    const output = checkRelease();
    expect(output).toContain(
      'Kept by choice (keepTemplateMedia in site.config.ts), so not listed: the hero footage and its stills; the 3D model and its still.',
    );
    expect(output).toContain(
      "Release check passed: no config value, asset or legal page is still the template's, but the media kept by choice.",
    );
  });

  // After the test above: the footage stays kept by choice.
  test('with the scene off and its files deleted, passes without asking for them, and the landing has no scene', async () => {
    owner.edit('site.config.ts', /^(\s*)scene: true,/m, '$1scene: false,');
    owner.edit('site.config.ts', /keepTemplateMedia: \[[^\]]*\]/, "keepTemplateMedia: ['footage']");
    for (const path of ['media', 'public/models', ...stillFormats.map((format) => `public${sceneStillPath(format)}`)])
      rmSync(join(owner.dir, path), { recursive: true });
    const output = checkRelease();
    expect(output).toContain(
      'The 3D scene is off (scene: false in site.config.ts): its model and still are not asked for.',
    );
    expect(output).not.toContain('3D model');
    expect(output).toContain('Release check passed');

    const { code, output: built } = await owner.build();
    expect(code, built).toBe(0);
    expect(existsSync(join(owner.dir, 'dist', modelPath))).toBe(false);
    const html = await readFile(join(owner.dir, 'dist/index.html'), 'utf8');
    const page = parse(html);
    for (const selector of ['.scene-section', 'figure[data-scene]', 'canvas'])
      expect(querySelectorAll(page, selector), selector).toHaveLength(0);
    // No island but the hero video's, no model preload, no scene script.
    expect(querySelectorAll(page, 'astro-island').map((island) => island.attributes['component-url'])).toEqual([
      expect.stringMatching(/\/_astro\/HeroVideo\.[\w-]+\.js$/),
    ]);
    expect(html).not.toContain('preloadModel');
    expect(html).not.toContain(modelPath);
    expect(html).not.toMatch(/SceneSlot|sceneWorker|scene-still/);
  }, 300_000);
});
