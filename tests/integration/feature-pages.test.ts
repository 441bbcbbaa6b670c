/**
 * A legal page of a feature the app lacks (docs/legal-pages.md#features), in a real build of a copy of the project:
 * switched off in site.config.ts alone, the page is not built, in any language, nor linked from any page, nor in the
 * sitemap; a link to it left in a page stops the build; and a page the record approved stays published, so switching
 * its feature off stops the build, naming the page, the feature and the fix.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { featureNames, type Features } from '../../src/lib/features.ts';
import { legalPages, writtenLegalSources, readApprovals } from 'legal-record';
import { template } from '../support/ownerContent.ts';
import { copyProject, filesOf, type ProjectCopy } from '../support/projectCopy.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

/** The pages that name a feature in their front matter, with their address (each feature on). */
const allOn = Object.fromEntries(featureNames.map((name) => [name, true])) as Features;
const featurePages = writtenLegalSources().flatMap(({ kind, data }) =>
  data.feature
    ? [{ kind, feature: data.feature, path: legalPages(allOn).find((page) => page.kind === kind)!.path }]
    : [],
);
/** The features of the config in place (the template's, or an owner's who lacks some). */
const { features } = loadConfig();
/** Sets `feature` in the copy's site.config.ts, whatever it was. */
const setFeature = (feature: string, on: boolean) => {
  const switchOf = new RegExp(`(features: \\{[^}]*\\b${feature}: )(true|false)`);
  const config = project.read('site.config.ts');
  expect(config).toMatch(switchOf);
  project.write('site.config.ts', config.replace(switchOf, `$1${on}`));
};

/** The pages of a feature that the record in place approves (all of them on the template's). */
const approved = featurePages.filter(({ kind }) => readApprovals()[kind]?.length);

it.runIf(approved.length)(
  'stops the build on a page the record approved once its feature is switched off, naming the page and the fix',
  async () => {
    if (template) expect(approved.map(({ kind }) => kind).sort()).toEqual(['guidelines', 'health-data']);
    for (const { kind, feature } of approved) {
      setFeature(feature, false);
      const stopped = await project.build({ LEGAL_DRAFTS: '1' });
      setFeature(feature, true);
      expect(stopped.code, stopped.output).not.toBe(0);
      expect(stopped.output).toContain(
        `${kind}: approved in src/content/legal/approvals.yaml (src/content/legal/versions/${kind}/), but features.${feature} is false in site.config.ts, which unpublishes src/content/legal/${kind}.md`,
      );
      expect(stopped.output).toContain(`set features.${feature} back to true in site.config.ts`);
    }
  },
  600_000,
);

it("publishes no page of a feature switched off before the owner's record approved it, and links none", async () => {
  expect(featurePages.map(({ kind }) => kind).sort()).toEqual(['guidelines', 'health-data']);
  // A new owner's record: nothing approved yet (npm run legal:new-record), so a page may go with its feature.
  const node = join(project.dir, 'node_modules/.bin/node');
  if (template) execFileSync(node, ['packages/legal/src/commands/new-record.ts'], { cwd: project.dir, stdio: 'pipe' });
  for (const { kind, feature, path } of featurePages.filter((page) => !approved.includes(page) || template)) {
    setFeature(feature, false);
    // Nothing to approve: legal:approve says why.
    const approve = spawnSync(
      node,
      ['packages/legal/src/commands/approve.ts', kind, '--by', 'Dana', '--note', 'First'],
      {
        cwd: project.dir,
        encoding: 'utf8',
      },
    );
    expect(approve.status).not.toBe(0);
    expect(approve.stderr + approve.stdout).toContain(`${kind} is not published: features.${feature} is false`);

    const built = await project.build({ LEGAL_DRAFTS: '1' });
    expect(built.code, built.output).toBe(0);
    const dist = join(project.dir, 'dist');
    const files = filesOf(dist);
    // No page at its address, in any language, nor its history and versions.
    expect(files.filter((file) => file.endsWith(`${path}.html`) || file.includes(`/legal/${kind}/`))).toEqual([]);
    expect(existsSync(join(dist, `${path}.html`))).toBe(false);
    // No link to it anywhere, nor a line of the sitemap or of a host's rules.
    const linked = new RegExp(`(href="|https://[^/"]+)(/[a-z]{2})?${path}(?![\\w-])`);
    for (const file of [...files, ...filesOf(join(project.dir, 'dist-nginx'))])
      expect(readFileSync(file, 'utf8'), file).not.toMatch(linked);
    expect(readFileSync(join(dist, 'sitemap-0.xml'), 'utf8')).not.toContain(path);
    // The other page of a feature is there while the config has its feature.
    for (const other of featurePages.filter((each) => each.kind !== kind))
      expect(existsSync(join(dist, `${other.path}.html`)), other.kind).toBe(features[other.feature]);

    // A link to it left in the words stops the build: the same-site link check finds no page at its address.
    const answer = 'src/content/i18n/en/support/my-data.md';
    const before = project.read(answer);
    project.write(answer, `${before}\nSee [the page](${path}).\n`);
    const dangling = await project.build({ LEGAL_DRAFTS: '1' });
    project.write(answer, before);
    setFeature(feature, features[feature]);
    expect(dangling.code, dangling.output).not.toBe(0);
    expect(dangling.output).toContain(`links "${path}": no page of the build is at ${path}`);
  }
}, 900_000);
