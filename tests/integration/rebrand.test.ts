/**
 * An owner makes the site theirs (another name, tagline, email and address, and their own landing words): the unit
 * tests still pass in their copy, since no test pins the template's values. A rebrand once failed them (a test
 * expected the warning for the template's example site address).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { copyProject } from '../support/projectCopy.ts';

const project = copyProject();
afterAll(() => project.remove());

test('in a copy rebranded to another name, tagline, email and site address, the unit tests pass', () => {
  project.edit('site.config.ts', /productName: example\('[^']*'\)/, "productName: 'Forkful'");
  project.edit('site.config.ts', /tagline: '[^']*'/, "tagline: 'Dinner plans your whole crew agrees on'");
  project.edit('site.config.ts', /contactEmail: example\('[^']*'\)/, "contactEmail: 'team@forkful.app'");
  project.edit('site.config.ts', /siteUrl: example\('[^']*'\)/, "siteUrl: 'https://forkful.app'");
  const words = parse(project.read('src/content/i18n/en/words.yaml'));
  words.landing.howItWorks.steps[0].text = 'Type your number and {{productName}} texts you a code.';
  project.write('src/content/i18n/en/words.yaml', stringify(words));

  // An owner's checkout is a git repository (the docs test lists its files with git).
  const git = (...args: string[]) => execFileSync('git', args, { cwd: project.dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  const run = () =>
    // Its speed is not what is tested here, and it runs beside the other integration files: a test gets 30 s, not 5.
    execFileSync('node_modules/.bin/vitest', ['run', '--project', 'unit', '--testTimeout=30000'], {
      cwd: project.dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      encoding: 'utf8',
      stdio: 'pipe',
    });
  // execFileSync throws on a failing run; the summary shows every file passed.
  expect(run()).toMatch(/Test Files +\d+ passed \(\d+\)/);
}, 300_000);
