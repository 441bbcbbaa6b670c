/**
 * The hosts' rules follow the build: an owner who moves the invite address in site.config.ts and builds gets host
 * files of that build in its output (src/lib/hostFiles.node.ts), nginx serves the invite page at the new address, and
 * the build changes no tracked file. Built in a copy of the project, so this checkout's config stays as it is.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startNginx, stopNginx } from '../../scripts/nginx.ts';
import { headerPolicy } from '../../src/lib/headers.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { freePort } from '../support/processes.ts';
import { watchPageHealth } from './support/page-health.ts';

test.describe.configure({ mode: 'serial' });

let project: ProjectCopy;
let port = 0;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: project.dir, encoding: 'utf8' });
let before = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  project = copyProject();
  project.edit('site.config.ts', "invitePath: '/join'", "invitePath: '/invite'");
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'the owner moved the invite address');
  before = git('status', '--porcelain');
  const { code, output } = await project.build();
  expect(code, output).toBe(0);
  port = await freePort();
  await startNginx({ port, root: join(project.dir, 'dist') });
});

test.afterAll(async () => {
  if (port) await stopNginx(port);
  project?.remove();
});

test('a build at /invite: nginx serves /invite/<code> as the invite page, and no tracked file changes', async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${port}`;
  const problems = watchPageHealth(page);
  const response = await page.goto(`${origin}/invite/ABC123`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['content-security-policy']).toBe(headerPolicy);
  await expect(page.getByRole('button', { name: 'Copy invite code' })).toBeVisible();
  expect(problems).toEqual([]);
  expect((await page.request.get(`${origin}/join/ABC123`)).status()).toBe(404);
  expect(readFileSync(join(project.dir, 'dist/_redirects'), 'utf8')).toContain('/invite/*  /invite  200');
  expect(git('status', '--porcelain')).toBe(before);
});
