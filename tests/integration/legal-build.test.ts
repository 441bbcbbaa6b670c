/**
 * The real build of an edited copy of the project: a legal page added as one Markdown file and one list entry reaches
 * every place that lists the legal pages; a broken legal page (the carriers sentence removed from the terms'
 * Markdown) stops the build, naming the page, the clause and the checklist.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';

let project: ProjectCopy;
let copy: string;
const build = (env?: Record<string, string>) => project.build(env);

beforeAll(() => {
  project = copyProject();
  copy = project.dir;
});

afterAll(() => project?.remove());

describe('adding a legal page: one Markdown file and one entry in the list', () => {
  const pageFile = () => join(copy, 'src/content/legal/accessibility.md');
  const listFile = () => join(copy, 'src/lib/legal/pages.ts');
  const markdown = [
    '---',
    'title: Accessibility Statement',
    'effective: 2026-11-24',
    'lastUpdated: 2026-11-24',
    'summary: We want everyone to be able to use {{productName}}.',
    '---',
    '',
    '## Our aim { #aim }',
    '',
    'Every page of {{productName}} should work with a screen reader. Tell us at [{{contactEmail}}](mailto:{{contactEmail}})',
    'if one does not. Our [Privacy Policy]({{privacyUrl}}), [Terms of Service]({{termsUrl}}) and',
    '[Community Guidelines]({{guidelinesUrl}}) say the rest.',
    '',
  ].join('\n');
  const entry = `  {
    kind: 'accessibility',
    path: '/accessibility',
    titleWord: 'Accessibility',
    linkLabel: 'Accessibility Statement',
    description: (productName) => \`How \${productName} works for everyone.\`,
  },
];`;

  it('reaches the route, the sitemap, the footer, the other legal pages and the check', async () => {
    const list = await readFile(listFile(), 'utf8');
    await writeFile(listFile(), list.replace(/\n\];\n/, `\n${entry}\n`));
    await writeFile(pageFile(), markdown);
    try {
      const { code, output } = await build();
      expect(code, output).toBe(0);
      expect(output).toContain('Accessibility Statement: the compliance check passes');
      const dist = (file: string) => readFile(join(copy, 'dist', file), 'utf8');
      expect(await dist('accessibility.html')).toContain('<title>Tablemates Accessibility</title>');
      expect(await dist('sitemap-0.xml')).toContain('/accessibility</loc>');
      expect(await dist('index.html')).toMatch(/<a href="\/accessibility">Accessibility Statement<\/a>/);
      expect(await dist('privacy.html')).toMatch(/<a href="\/accessibility">Accessibility Statement<\/a>/);

      // The check reads the new page too: a figure typed into its prose stops the build, naming the page.
      await writeFile(pageFile(), markdown.replace('Every page', 'Every one of our 12 pages'));
      const broken = await build();
      expect(broken.code, broken.output).not.toBe(0);
      expect(broken.output).toContain('accessibility page (/accessibility): facts in one place: "12"');
    } finally {
      await writeFile(listFile(), list);
      await rm(pageFile(), { force: true });
    }
  }, 600_000);
});

describe('astro build of an edited project', () => {
  it('stops when the terms lose the carriers sentence, naming the page, the clause and the checklist', async () => {
    const terms = join(copy, 'src/content/legal/terms.md');
    const text = await readFile(terms, 'utf8');
    const edited = text.replace('Carriers are not liable for delayed or undelivered messages. ', '');
    expect(edited).not.toBe(text);
    await writeFile(terms, edited);
    try {
      const { code, output } = await build();
      expect(code, output).not.toBe(0);
      expect(output).toContain('The legal pages fail the compliance check');
      expect(output).toContain('terms page (/terms): carriers not liable: #carriers does not say');
      expect(output).toContain('docs/legal-checklist.md');
      expect(output).not.toContain('privacy page (/privacy)');
    } finally {
      await writeFile(terms, text);
    }
  }, 300_000);

  it('stops when the configured consent screenshot is missing, naming the field and the path', async () => {
    const { code, output } = await build({ PUBLIC_SMS_CONSENT_SCREENSHOT: '/images/sms-consent.png' });
    expect(code, output).not.toBe(0);
    expect(output).toContain(
      'smsConsentScreenshot (site.config.ts or PUBLIC_SMS_CONSENT_SCREENSHOT) is "/images/sms-consent.png", but',
    );
    expect(output).toContain('public/images/sms-consent.png does not exist');
  }, 300_000);
});
