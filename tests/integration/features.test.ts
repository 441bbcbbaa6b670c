/**
 * An app without a places provider, switched off in site.config.ts alone (docs/legal-pages.md#features): a real build
 * of a copy of the project. No page keeps a block's marker, the clauses the legal check requires only for the feature
 * are gone (and not asked for), the App Store label loses the types only its kinds of data had, and a production build
 * asks for the changed pages' approval, as for any edit of the words.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/index.ts';
import { featureValues } from '../../src/lib/features.ts';
import { legalSubSections } from 'legal-record';
import { copyProject, filesOf, type ProjectCopy } from '../support/projectCopy.ts';

let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

// Switching it off proves something only where it is on: an owner without a places provider has nothing to switch.
it.runIf(loadConfig().features.places)(
  'leaves the places feature out of every page, clause and label once features.places is false',
  async () => {
    project.edit('site.config.ts', /(features: \{[^}]*\bplaces: )true\b/, '$1false');
    // Its values, the template's examples or the owner's own.
    for (const field of featureValues.places)
      project.edit('site.config.ts', new RegExp(`${field}: (?:example\\('[^']*'\\)|'[^']*')`), `${field}: ''`);

    // Production: the words changed, so they wait for approval, naming the pages.
    const gated = await project.build({ LEGAL_DRAFTS: '' });
    expect(gated.code, gated.output).not.toBe(0);
    expect(gated.output).toContain('not approved');

    const built = await project.build({ LEGAL_DRAFTS: '1' });
    expect(built.code, built.output).toBe(0);
    // The archived versions are the words as approved; every other page is read today, without a marker left.
    const pages = filesOf(join(project.dir, 'dist')).filter(
      (file) => file.endsWith('.html') && !file.includes('/legal/'),
    );
    for (const file of pages) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\{\{[#/]?\w/);
    // Each clause the check requires only for the feature is gone from its page.
    for (const [kind, clauses] of Object.entries(legalSubSections))
      for (const { id } of (clauses ?? []).filter(({ feature }) => feature === 'places'))
        expect(project.read(`dist/${kind}.html`)).not.toContain(`id="${id}"`);

    // The App Store label declares no type of data that only the feature's kinds of data had.
    const practices = parse(project.read('src/content/legal/data-practices.yaml')) as {
      data: { appStore: string[]; feature?: string }[];
    };
    const kept = new Set(practices.data.filter(({ feature }) => !feature).flatMap(({ appStore }) => appStore));
    const gone = practices.data.filter(({ feature }) => feature === 'places').flatMap(({ appStore }) => appStore);
    const only = gone.filter((type) => !kept.has(type));
    expect(only.length, 'the template has a kind of data only places collects').toBeGreaterThan(0);
    const labels = spawnSync(process.execPath, ['packages/legal/src/commands/store-labels.ts', '--out', 'labels'], {
      cwd: project.dir,
      encoding: 'utf8',
    });
    expect(labels.status, labels.stdout + labels.stderr).toBe(0);
    const appStore = project.read('labels/app-privacy-details.json');
    for (const type of only) expect(appStore).not.toContain(`"${type}"`);
  },
  600_000,
);
