/**
 * `npm run check:release` lists every problem in one run: pages that fail the legal check, a record edited after the
 * fact, a translation that fails, each with the doc section that says how to fix it (docs/legal-pages.md#...), never
 * the code file that found it. On a copy of the project, broken in four places at once.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { translationFile, translationSources } from '../../src/lib/legal/pages.node.ts';
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
