/**
 * The hosts' rules follow the build: a build with another invite address writes its own host files into its output
 * (src/lib/hostFiles.node.ts), nginx serves the invite page at that address, and no tracked file changes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { headerPolicy } from '../../src/lib/headers.ts';
import { watchPageHealth } from './support/page-health.ts';
import { variantBuild } from './support/variant-build.ts';

test.describe.configure({ mode: 'serial' });

const gitStatus = () => execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' });
const before = gitStatus();
const outDir = 'reports/invite-path-build';
const served = variantBuild(outDir, { PUBLIC_INVITE_PATH: '/invite' });

test('a build at /invite: nginx serves /invite/<code> as the invite page, and no tracked file changes', async ({
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
  expect(readFileSync(join(outDir, '_redirects'), 'utf8')).toContain('/invite/*  /invite  200');
  expect(gitStatus()).toBe(before);
});
