/**
 * A lean owner's copy of the project: another name, tagline, email and address, their own landing words, a
 * company that is an LLC, English only (the Spanish folder deleted), no places provider, no AI provider, no users under
 * 18, no dietary restrictions (so no health data policy), no posts (so no Community Guidelines), no Android app, every
 * example value replaced, and their own legal record with their own first effective dates, committed in a git
 * repository of its own, as an owner's checkout is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { copyProject, type ProjectCopy } from './projectCopy.ts';

/** The owner's own values, for each field the template ships as an example (site.config.ts). */
const owner: Record<string, string> = {
  productName: "'Forkful'",
  contactEmail: "'team@forkful.app'",
  siteUrl: "'https://forkful.app'",
  apiHost: "'api.forkful.app'",
  appStoreUrl: "'https://apps.apple.com/app/forkful/id9876543210'",
  legalEntity: "'Forkful Labs LLC'",
  legalAddress: "'1 Fork Lane, Portland, OR 97201, United States'",
  aiProvider: "''",
  placesProvider: "''",
  placesProviderTermsUrl: "''",
  placesProviderPrivacyUrl: "''",
  copyrightAgentName: "'Copyright Agent, Forkful Labs LLC'",
  copyrightAgentAddress: "'1 Fork Lane, Portland, OR 97201, United States'",
  copyrightAgentPhone: "'+1 503 555 0100'",
  copyrightAgentEmail: "'copyright@forkful.app'",
  copyrightAgentRegistration: "'DMCA-1234567'",
  liabilityCapUsd: '50',
  disputeVenue: "'the state and federal courts located in Multnomah County, Oregon'",
  parentalConsent: "''",
  monitoringRetentionDays: '30',
  androidPackage: "''",
  androidCertFingerprints: '[] as string[]',
};

export interface LeanOwnerCopy extends ProjectCopy {
  /** Runs a command in the copy, as CI would (no colours); throws on a non-zero exit, with its output. */
  run(command: string, args: string[], env?: Record<string, string>): string;
}

/** What makes an owner's copy theirs: their values for the template's examples, and their own edits. */
export interface OwnerShape {
  values: Record<string, string>;
  /** The socials' own addresses, by network name. */
  social: Record<'Instagram' | 'TikTok', string>;
  /** The owner's edits of the copy (features, languages, words, data, media), before their record starts. */
  edit(copy: LeanOwnerCopy): void;
  /** Their first effective date, for every page. */
  effective: string;
  /** The owner's name, who approves. */
  by: string;
}

/**
 * A copy of the project made an owner's: every example value replaced, their edits, their own legal record (each
 * page and translation published, approved by them), committed in a git repository of its own, as a checkout is.
 */
/** The environment a command of the copy runs in: not the test runner's NODE_ENV=test, which builds React for development. */
const ownEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV'));

export function ownerCopy(shape: OwnerShape): LeanOwnerCopy {
  const project = copyProject();
  const run = (command: string, args: string[], env: Record<string, string> = {}) => {
    try {
      return execFileSync(command, args, {
        cwd: project.dir,
        env: { ...ownEnv, ASTRO_TELEMETRY_DISABLED: '1', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
        encoding: 'utf8',
        stdio: 'pipe',
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      // The runners report their failures on stdout, which execFileSync's message leaves out.
      const { stdout = '' } = error as { stdout?: string };
      throw new Error(`${(error as Error).message}\n${stdout.slice(-20_000)}`, { cause: error });
    }
  };
  const copy = { ...project, run };
  for (const [field, value] of Object.entries(shape.values))
    project.edit('site.config.ts', new RegExp(`${field}: example\\((?:[^()]|\\([^()]*\\))*\\)`), `${field}: ${value}`);
  for (const [network, url] of Object.entries(shape.social))
    project.edit('site.config.ts', new RegExp(`(name: '${network}'[^}]*url: )example\\('[^']*'\\)`), `$1'${url}'`);
  shape.edit(copy);
  if (/example\('[^']/.test(project.read('site.config.ts')))
    throw new Error('site.config.ts still holds an example value: the owner replaces every one');

  // Their own record: the template's removed, their own first effective dates, each page approved by them.
  run('node_modules/.bin/node', ['packages/legal/src/commands/new-record.ts']);
  const legal = join(project.dir, 'src/content/legal');
  // Only the pages published: one of a feature they switched off (its front matter's `feature`) is not.
  const features = /features: \{([^}]*)\}/.exec(project.read('site.config.ts'))![1]!;
  const pages = readdirSync(legal)
    .filter((name) => name.endsWith('.md'))
    .filter((name) => {
      const feature = /^feature: (\w+)$/m.exec(project.read(`src/content/legal/${name}`).split('\n---\n')[0]!)?.[1];
      return !feature || new RegExp(`\\b${feature}: true`).test(features);
    })
    .map((name) => name.slice(0, -3));
  for (const kind of pages)
    project.edit(`src/content/legal/${kind}.md`, /^effective: .*$/m, `effective: ${shape.effective}`);
  const approve = (args: string[]) =>
    run('node_modules/.bin/node', [
      'packages/legal/src/commands/approve.ts',
      ...args,
      '--by',
      shape.by,
      '--note',
      'First version',
    ]);
  for (const kind of pages) approve([kind]);
  // Each published language's translations of those pages.
  const languages =
    (/languages: (\[[^\]]*\])/.exec(project.read('site.config.ts'))?.[1] ?? '[]').match(/[\w-]+(?=')/g) ?? [];
  for (const locale of languages.filter((code) => code !== 'en'))
    for (const kind of pages.filter((each) =>
      existsSync(join(project.dir, `src/content/i18n/${locale}/legal/${each}.md`)),
    ))
      approve([kind, '--locale', locale]);

  // As the README says after editing: the words and the config formatted, so the suite's lint reads them as written.
  run('node_modules/.bin/prettier', ['--write', 'site.config.ts', 'src/content']);
  // An owner's checkout is a git repository (the docs test lists its files with git; an edits test diffs against it).
  const git = ['-c', `user.name=${shape.by}`, '-c', 'user.email=owner@example.org'];
  run('git', ['init', '-q']);
  run('git', ['add', '-A']);
  run('git', [...git, 'commit', '-qm', 'Our site, from the template']);
  return copy;
}

/** The lean owner: fewer features than the template's app, English only, an LLC. */
export const leanOwnerCopy = (): LeanOwnerCopy =>
  ownerCopy({
    values: owner,
    social: { Instagram: 'https://www.instagram.com/forkful', TikTok: 'https://www.tiktok.com/@forkful' },
    effective: '2026-01-05',
    by: 'Dana Owner',
    edit(project) {
      project.edit('site.config.ts', /tagline: '[^']*'/, "tagline: 'Dinner plans your whole crew agrees on'");
      project.edit('site.config.ts', /languages: \[[^\]]*\]/, "languages: ['en']");
      project.edit(
        'site.config.ts',
        /features: \{[^}]*\}/,
        'features: { places: false, ai: false, teens: false, dietary: false, posts: false }',
      );
      const words = parse(project.read('src/content/i18n/en/words.yaml'));
      words.landing.howItWorks.steps[0].text = 'Type your number and {{productName}} texts you a code.';
      project.write('src/content/i18n/en/words.yaml', stringify(words));
      // Every other language retired: its folder deleted (docs/languages.md).
      for (const code of readdirSync(join(project.dir, 'src/content/i18n')).filter((name) => name !== 'en'))
        rmSync(join(project.dir, 'src/content/i18n', code), { recursive: true });
    },
  });
