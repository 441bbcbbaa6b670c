/**
 * The step that finishes dist/ (src/integrations/finishDist.ts). Its other changes are checked where they show: the
 * hoisted island style by html-validate over dist/ (npm run report), the host files by headers.test.ts and nginx.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { expect, it } from 'vitest';
import astroConfig from '../../astro.config.ts';
import { finishDist } from '../../src/integrations/finishDist.ts';

it('leaves dotfiles out of dist/, and keeps /.well-known/', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'finish-dist-'));
  const files = { 'index.html': '<!doctype html><title>T</title>', '.env': 'SECRET=1', '.well-known/gpc.json': '{}' };
  for (const [name, body] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), body);
  }
  await finishDist(dir, { info: () => {}, warn: () => {} });
  expect([existsSync(join(dir, '.env')), existsSync(join(dir, '.well-known/gpc.json'))]).toEqual([false, true]);
  await rm(dir, { recursive: true });
});

it('astro.config.ts registers it after every other integration that works on dist/ but the compressor, which is last', () => {
  const withBuildDone = (astroConfig.integrations ?? [])
    .flat()
    .filter((integration): integration is AstroIntegration => Boolean(integration))
    .filter((integration) => 'astro:build:done' in integration.hooks)
    .map((integration) => integration.name);
  expect(withBuildDone).toContain('@astrojs/sitemap');
  expect(withBuildDone.slice(-2)).toEqual(['finish-dist', 'astro-compressor']);
});
