/**
 * A legal page moved to a new address keeps answering at its old one (docs/legal-pages.md, "Moving a page to a new
 * address"), in real builds of an edited copy: the old address, in every language the page is published in, is a 301
 * to the new one from the production nginx configuration, a `301` line of `_redirects`, and a page that leads on for a
 * host that reads no rule; a move the record knows but the front matter does not state stops the build. The rules
 * themselves, on fixtures: packages/legal/tests/legal-former-paths.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx } from '../../scripts/nginx.ts';
import { loadConfig } from '../../src/config/index.ts';
import { localePath } from '../../src/lib/i18n.ts';
import { quickActions } from 'legal-record';
import { reword } from '../support/legalEdits.ts';
import { freePort } from '../support/processes.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';

const kind = 'privacy';
const file = `src/content/legal/${kind}.md`;
let project: ProjectCopy;
let markdown: string;
let old: string;
const moved = () => `${old}-moved`;
const dist = (path: string) => readFileSync(join(project.dir, 'dist', path), 'utf8');
// Other pages link the moved one, so their words change too: an owner approves them; here they build as drafts.
const drafts = { LEGAL_DRAFTS: '1' };

beforeAll(() => {
  project = copyProject();
  markdown = project.read(file);
  old = /^path: (\/[a-z0-9-]+)$/m.exec(markdown)![1]!;
});
afterAll(() => project?.remove());

/** Every language the page is published in: English, and each published language with its translation. */
const languages = () =>
  loadConfig().languages.filter(
    (locale) => locale === 'en' || existsSync(join(project.dir, `src/content/i18n/${locale}/legal/${kind}.md`)),
  );

describe('a legal page moved to a new address', () => {
  it('leads its old address to the new one on nginx, in _redirects and as a page for a plain host', async () => {
    project.write(file, markdown.replace(/^path: .*$/m, `path: ${moved()}\nformerPaths: [${old}]`));
    const { code, output } = await project.build(drafts);
    expect(code, output).toBe(0);
    const port = await freePort();
    const server = await startNginx({ port, root: join(project.dir, 'dist') });
    try {
      for (const locale of languages()) {
        const [from, to] = [localePath(locale, old), localePath(locale, moved())];
        expect(dist('_redirects')).toContain(`\n${from}  ${to}  301\n`);
        const page = dist(`${from.slice(1)}.html`);
        expect(page).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`);
        expect(page).toContain(`<a href="${to}">`);
        expect(dist(`${to.slice(1)}.html`)).toContain(`<meta name="legal-version"`);

        const base = `http://127.0.0.1:${port}`;
        const answer = await fetch(`${base}${from}?from=listing`, { redirect: 'manual' });
        expect(answer.status, from).toBe(301);
        const location = new URL(answer.headers.get('location')!, base);
        expect(location.pathname + location.search).toBe(`${to}?from=listing`);
        const landed = await fetch(`${base}${from}`);
        expect([landed.status, new URL(landed.url).pathname]).toEqual([200, to]);
      }
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('stops the build when the record knows the old address and formerPaths does not list it, naming the page', async () => {
    const { anchor } = quickActions.find((action) => action.kind === kind)!;
    const reworded = reword(markdown, anchor);
    expect(reworded).not.toBe(markdown);
    project.write(file, reworded);
    const approval = spawnSync(
      'npm',
      [
        'run',
        'legal:approve',
        '--',
        kind,
        '--template',
        '--by',
        'Test Approver',
        '--note',
        'Reworded',
        '--not-significant',
      ].concat(['--no-notice', 'Reworded; nothing you agreed to changed']),
      { cwd: project.dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
    );
    expect(approval.status, approval.stdout + approval.stderr).toBe(0);
    // The approval recorded where the page was published.
    expect(project.read('src/content/legal/approvals.yaml')).toContain(`path: ${old}\n`);

    project.write(file, reworded.replace(/^path: .*$/m, `path: ${moved()}`));
    const { code, output } = await project.build(drafts);
    expect(code, output).not.toBe(0);
    expect(output).toContain(`${file}: ${kind}@`);
    expect(output).toContain(`was published at ${old}`);
    expect(output).toContain(`expected formerPaths: [${old}]`);
  }, 300_000);
});
