/**
 * The hosts' rules follow the build: an owner who moves the invite address in site.config.ts and builds gets nginx
 * serving the invite page at the new address (src/lib/hostFiles.node.ts writes its rules into that build). Built in
 * a copy of the project, so this checkout's config stays as it is.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { startNginx } from '../../scripts/nginx.ts';
import { headerPolicy } from '../../src/lib/headers.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { freePort } from '../support/processes.ts';
import { watchPageHealth } from './support/page-health.ts';

test.describe.configure({ mode: 'serial' });
let project: ProjectCopy | undefined;
let served = { origin: '', stop: async () => {} };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  project = copyProject();
  project.edit('site.config.ts', "invitePath: '/join'", "invitePath: '/invite'");
  const { code, output } = await project.build();
  expect(code, output).toBe(0);
  const port = await freePort();
  served = { origin: `http://127.0.0.1:${port}`, ...(await startNginx({ port, root: join(project.dir, 'dist') })) };
});

test.afterAll(async () => {
  await served.stop();
  project?.remove();
});

test('a build at /invite: nginx serves /invite/<code> as the invite page, and /join/<code> no more', async ({
  page,
}) => {
  const problems = watchPageHealth(page);
  const response = await page.goto(`${served.origin}/invite/ABC123`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['content-security-policy']).toBe(headerPolicy);
  await expect(page.getByRole('button', { name: 'Copy invite code' })).toBeVisible();
  expect(problems).toEqual([]);
  expect((await page.request.get(`${served.origin}/join/ABC123`)).status()).toBe(404);
});
