/**
 * Real builds of an edited copy of the project: a legal page added as one Markdown file (and approved) reaches
 * every place that lists the legal pages and the check, with no code changed; a kind of data added as one entry of the data-practices file
 * reaches every list and table of the privacy policy, its summary at a glance and both store labels (a bad entry:
 * the unit tests); a missing screenshot stops the build, naming what is wrong. Drafts build unapproved text (legal-approval.test.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { recordFlag } from '../support/ownerContent.ts';

let project: ProjectCopy;
const drafts = { LEGAL_DRAFTS: '1' };
const dist = (file: string) => readFileSync(join(project.dir, 'dist', file), 'utf8');

beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

describe('adding a legal page: one Markdown file, then its approval', () => {
  it('reaches its address, the footer, the sitemap, the other legal pages, its history and the check, with no code changed', async () => {
    const code = () =>
      ['src', 'scripts'].flatMap((folder) =>
        readdirSync(join(project.dir, folder), { recursive: true, encoding: 'utf8' })
          .filter((file) => /\.(ts|tsx|astro)$/.test(file))
          .map((file) => [file, project.read(join(folder, file))]),
      );
    const before = code();
    const markdown = [
      '---',
      'path: /accessibility',
      'order: 6',
      'titleWord: Accessibility',
      'linkLabel: Accessibility Statement',
      'description: How {{productName}} works for everyone.',
      'title: Accessibility Statement',
      'effective: 2026-11-24',
      'summary: We want everyone to be able to use {{productName}}.',
      '---',
      '',
      '## Our aim { #aim }',
      '',
      'Every page of {{productName}} should work with a screen reader. Tell us at [{{contactEmail}}](mailto:{{contactEmail}}).',
      '',
    ].join('\n');
    project.write('src/content/legal/accessibility.md', markdown);
    const approve = ['legal:approve', '--', 'accessibility', ...recordFlag, '--by', 'Test Approver'];
    const approval = spawnSync('npm', ['run', ...approve, '--note', 'First version'], {
      cwd: project.dir,
      encoding: 'utf8',
    });
    expect(approval.status, approval.stdout + approval.stderr).toBe(0);
    const { code: exit, output } = await project.build({ LEGAL_DRAFTS: '' });
    expect(exit, output).toBe(0);
    const { productName, contactEmail } = loadConfig();
    expect(dist('accessibility.html')).toContain(`<title>${productName} Accessibility</title>`);
    expect(dist('accessibility.html')).toContain(
      `<meta name="description" content="How ${productName} works for everyone.">`,
    );
    expect(dist('sitemap-0.xml')).toContain('/accessibility</loc>');
    expect(dist('index.html')).toMatch(/<a href="\/accessibility">Accessibility Statement<\/a>/);
    expect(dist('privacy.html')).toMatch(/<a href="\/accessibility">Accessibility Statement<\/a>/);
    expect(dist('legal/accessibility/history.html')).toMatch(
      /<dt>Approved<\/dt><dd><time [^>]+>[^<]+<\/time>, by Test Approver<\/dd>/,
    );
    expect(code()).toEqual(before);

    // The check reads the new page too: the contact address typed by hand stops the build, naming the file.
    project.edit('src/content/legal/accessibility.md', 'Tell us at', `Tell us at ${contactEmail} or at`);
    const broken = await project.build(drafts);
    expect(broken.code, broken.output).not.toBe(0);
    expect(broken.output).toContain(
      'src/content/legal/accessibility.md (the accessibility page) fails the legal check',
    );
    expect(broken.output).toContain(`"${contactEmail}" is typed by hand; expected {{contactEmail}}`);
    project.write('src/content/legal/accessibility.md', markdown);
  }, 300_000);
});

describe("adding a kind of data: one entry of the data-practices file, and its words in each translation's folder", () => {
  const voiceNotes = `
  - id: voice-notes
    label: Voice notes
    detail: what you record to describe a place
    group: What you record
    source: [you]
    required: false
    purposes: [sharing]
    recipients: [hosting]
    linked: true
    tracking: false
    retention: content
    euBasis: consent
    ccpa: Audio, electronic, visual or similar information
    appStore: [AUDIO]
    play: [Audio files / Voice or sound recordings]
`;
  /** The published translations whose legal pages show the data: each gets the entry's words in its own file. */
  const translations = () =>
    loadConfig()
      .languages.filter((locale) => locale !== 'en')
      .filter((locale) => existsSync(join(project.dir, `src/content/i18n/${locale}/data-practices.yaml`)));

  it('reaches the lists and tables of the privacy policy, the summary at a glance and both store labels', async () => {
    const labels = () => {
      const out = join(project.dir, 'store-labels');
      execFileSync(process.execPath, ['packages/legal/src/commands/store-labels.ts', '--out', out], {
        cwd: project.dir,
      });
      return (
        readFileSync(join(out, 'app-privacy-details.json'), 'utf8') + readFileSync(join(out, 'data-safety.md'), 'utf8')
      );
    };
    expect(labels()).not.toMatch(/AUDIO|Voice or sound recordings/);
    project.edit('src/content/legal/data-practices.yaml', /\ndata:\n/, `\ndata:${voiceNotes}`);
    for (const locale of translations())
      project.edit(
        `src/content/i18n/${locale}/data-practices.yaml`,
        /\ndata:\n/,
        `\ndata:\n  voice-notes: { label: ${locale} voice notes, detail: ${locale} recording, group: ${locale} posts }\n`,
      );
    const { code, output } = await project.build(drafts);
    expect(code, output).toBe(0);
    const html = dist('privacy.html');
    const part = (id: string) =>
      html.slice(html.indexOf(`id="${id}"`), html.indexOf('<h', html.indexOf(`id="${id}"`) + 4));
    expect(part('at-a-glance')).toMatch(/Data linked to you:<\/strong> what you record, account details/);
    expect(part('information-you-provide')).toContain('What you record:</strong> voice notes (what you record');
    // First of its category, whichever other kinds of data of it the site collects (photos, with posts).
    expect(part('ccpa-categories')).toMatch(/<td data-label="Examples">voice notes\b/);
    // With the other kinds of data on the same basis, whichever the site collects.
    expect(part('eu-uk-rights')).toMatch(/<li>Voice notes\b.*: your consent/);
    expect(labels()).toMatch(/"category": "AUDIO"[\s\S]*### Audio files/);
    // Each translated policy lists it too, in the words of its language's folder.
    for (const locale of translations())
      expect(dist(`${locale}/privacy.html`)).toContain(`${locale} voice notes (${locale} recording)`);
  }, 300_000);
});

describe('the consent screenshot', () => {
  it('stops the build when the configured file is missing, naming the field and the path', async () => {
    // A file no one has, whatever the owner's config names.
    const config = project.read('site.config.ts');
    project.edit('site.config.ts', /smsConsentScreenshot: '[^']*'/, "smsConsentScreenshot: '/images/nowhere.png'");
    const { code, output } = await project.build(drafts);
    project.write('site.config.ts', config);
    expect(code, output).not.toBe(0);
    expect(output).toContain('smsConsentScreenshot (site.config.ts) is "/images/nowhere.png", but');
    expect(output).toContain('public/images/nowhere.png does not exist');
  }, 300_000);
});

describe('npm run store-labels on data whose privacy policy the build refuses', () => {
  it("prints the build's message and writes no label", () => {
    const data = 'src/content/legal/data-practices.yaml';
    const valid = project.read(data);
    // Each kind's words run on past what a reader takes in: still a valid data file, but a policy the build refuses.
    const long =
      ', and every other place you might look at, think about, compare, share with your friends or keep in mind for a later dinner together with your whole group of friends and family';
    project.write(data, valid.replace(/^( {4}detail: (?![>|]).*)$/gm, `$1${long}`));
    const out = join(project.dir, 'labels-refused');
    const run = spawnSync(process.execPath, ['packages/legal/src/commands/store-labels.ts', '--out', out], {
      cwd: project.dir,
      encoding: 'utf8',
    });
    project.write(data, valid);
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain('src/content/legal/privacy.md (the privacy page) fails the legal check');
    expect(run.stderr).toMatch(/a sentence of \d+ words: .*; expected at most 35/);
    expect(run.stderr).toContain('No store label written');
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
