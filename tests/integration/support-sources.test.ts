/**
 * A support answer links the legal sections it summarises, as the page a visitor gets has them
 * (docs/legal-pages.md#links-between-pages). One that names a section the page has neither in the version in effect
 * nor in its newest words (here, one a feature switched off took away, which earlier versions still have) stops the
 * build, naming the file, the source, the section and the sections the page has: it was once pointed at the section
 * that held it, without a word. In a copy of the project, built as a preview.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { featureValues } from '../../src/lib/features.ts';
import { legalSubSections } from 'legal-record';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';

const { features } = loadConfig();
let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

// A privacy section only the teens feature brings: switching it off proves something only where it is on.
const section = legalSubSections.privacy?.find(({ feature }) => feature === 'teens')?.id;

it.runIf(features.teens && section)(
  'stops the build on a support source whose section the page no longer has, naming it and the sections it has',
  async () => {
    project.edit('site.config.ts', /(features: \{[^}]*\bteens: )true\b/, '$1false');
    for (const field of featureValues.teens)
      project.edit('site.config.ts', new RegExp(`${field}: (?:example\\('[^']*'\\)|'[^']*')`), `${field}: ''`);
    // An answer the site publishes (no feature of its own); the new source is its first.
    const name = readdirSync(`${project.dir}/src/content/i18n/en/support`).find(
      (file) => file.endsWith('.md') && !/^feature: /m.test(project.read(`src/content/i18n/en/support/${file}`)),
    )!;
    const file = `src/content/i18n/en/support/${name}`;
    project.edit(file, /^sources:( \[\])?$/m, `sources:\n  - { page: privacy, section: ${section} }`);

    const { code, output } = await project.build({ LEGAL_DRAFTS: '1' });
    expect(code, output).not.toBe(0);
    expect(output).toContain(
      `${file}: sources[0] is { page: privacy, section: ${section} }, but /privacy has no section "${section}"`,
    );
    expect(output).toMatch(/expected a section id of \/privacy: introduction, [\w-]+/);
  },
  600_000,
);
