/**
 * Links follow the version in effect (docs/legal-pages.md#links-between-pages), in a copy of the project: a section
 * of the privacy policy that a support answer links is renamed, in every language, and approved to take effect 40 days
 * ahead. Until that day the support pages link the old id, which the built policy has; from that day (a build whose
 * clock is 40 days ahead) the new one. With the fix undone, the build's link check stops on the support page's link.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { legalSections, legalSubSections } from 'legal-record';
import { localePath } from '../../src/lib/i18n.ts';
import type { ProjectCopy } from '../support/projectCopy.ts';
import { recordFlag, settledCopy } from '../support/ownerContent.ts';

const { languages, features } = loadConfig();
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let project: ProjectCopy;
const dist = (path: string) => project.read(join('dist', path));
/** The policy's Markdown in each published language that translates it. */
const policies = languages
  .map((locale) => ({
    locale,
    file: locale === 'en' ? 'src/content/legal/privacy.md' : `src/content/i18n/${locale}/legal/privacy.md`,
  }))
  .filter(({ file }) => existsSync(file));

/**
 * An optional sub-section of the privacy policy (a required id cannot be renamed) that no legal text links by its id,
 * and a support answer to link it from.
 */
function optionalSection() {
  const required = new Set([...(legalSections.privacy ?? []), ...(legalSubSections.privacy ?? []).map(({ id }) => id)]);
  const legalFiles = ['src/content/legal', ...languages.map((locale) => `src/content/i18n/${locale}/legal`)]
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => /\.(md|yaml)$/.test(file))
        .map((file) => readFileSync(join(dir, file), 'utf8')),
    );
  // Each policy's heading is the one place that names it.
  const namedOnlyByItsHeading = (id: string) =>
    legalFiles.reduce((count, text) => count + text.split(`#${id}`).length - 1, 0) === policies.length;
  const ids = [...readFileSync(policies[0]!.file, 'utf8').matchAll(/^### .*\{ #([\w-]+) \}$/gm)].map(([, id]) => id!);
  const section = ids.find((id) => !required.has(id) && namedOnlyByItsHeading(id));
  if (!section) throw new Error('the privacy policy has no optional sub-section to rename');
  // An answer the site publishes: not one about a feature the app lacks (its front matter's `feature`).
  const published = (file: string) => {
    const feature = /^feature: (\w+)$/m.exec(readFileSync(`src/content/i18n/en/support/${file}`, 'utf8'))?.[1];
    return !feature || features[feature as keyof typeof features];
  };
  const [name] = readdirSync('src/content/i18n/en/support').filter((file) => file.endsWith('.md') && published(file));
  return { name: name!, section };
}
const { name, section } = optionalSection();
const renamed = `${section}-renamed`;
const supportLink = (locale: string, id: string) => `href="${localePath(locale as 'en', '/privacy')}#${id}"`;

beforeAll(() => {
  project = settledCopy();
  for (const { file } of policies) project.edit(file, `{ #${section} }`, `{ #${renamed} }`);
  // A support answer links the section, then the section is renamed: the answer names its new id, as the build wants.
  project.edit(
    `src/content/i18n/en/support/${name}`,
    /^sources:( \[\])?$/m,
    `sources:\n  - { page: privacy, section: ${renamed} }`,
  );
  for (const { locale } of policies) {
    const args = [
      'packages/legal/src/commands/approve.ts',
      'privacy',
      '--locale',
      locale,
      ...recordFlag,
      '--by',
      'Test Approver',
    ];
    const more = ['--note', `Renames a section`, '--effective', day(40), '--not-significant'];
    const { status, stdout, stderr } = spawnSync(process.execPath, [...args, ...more], {
      cwd: project.dir,
      encoding: 'utf8',
    });
    expect(status, stdout + stderr).toBe(0);
  }
});
afterAll(() => project?.remove());

describe(`a support answer linking privacy#${section}, renamed by a version approved for later`, () => {
  it('links the old id until the day the version takes effect, which the built policy has', async () => {
    const { code, output } = await project.build({ LEGAL_DRAFTS: '' });
    expect(code, output).toBe(0);
    for (const { locale } of policies) {
      const support = dist(`${localePath(locale as 'en', '/support').slice(1)}.html`);
      expect(support).toContain(supportLink(locale, section));
      expect(support).not.toContain(`#${renamed}"`);
      expect(dist(`${localePath(locale as 'en', '/privacy').slice(1)}.html`)).toContain(`id="${section}"`);
    }
  });

  it('links the new id from the day it takes effect', async () => {
    // The build's clock, 40 days ahead: the day a daily build publishes the new version.
    const clock = `const D = Date; const ahead = 40 * 86400000; globalThis.Date = class extends D { constructor(...a) { super(...(a.length ? a : [D.now() + ahead])); } static now() { return D.now() + ahead; } };`;
    const { code, output } = await project.build({
      LEGAL_DRAFTS: '',
      NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(clock)}`,
    });
    expect(code, output).toBe(0);
    for (const { locale } of policies) {
      const support = dist(`${localePath(locale as 'en', '/support').slice(1)}.html`);
      expect(support).toContain(supportLink(locale, renamed));
      expect(dist(`${localePath(locale as 'en', '/privacy').slice(1)}.html`)).toContain(`id="${renamed}"`);
    }
  });

  it('stops the build, naming the page, the href and the closest ids, when a link names an id its page lacks', async () => {
    // The fix undone: the support page links the section as the words approved for later name it.
    project.edit(
      'packages/legal/src/record/collection.ts',
      'if (section === undefined) return { href };',
      'return { href };',
    );
    const { code, output } = await project.build({ LEGAL_DRAFTS: '' });
    expect(code).not.toBe(0);
    expect(output).toContain(
      `/support links "/privacy#${renamed}": /privacy has no id "${renamed}"; its closest: #${section}`,
    );
  });
});
