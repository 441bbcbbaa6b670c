import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import astroConfig from '../../astro.config.ts';
import { finishDist } from '../../src/integrations/finishDist.ts';
import { islandStyle } from '../../src/integrations/hoistIslandStyle.ts';
import { siteConfig } from '../../src/config/index.ts';
import { hostFiles } from '../../src/lib/hostFiles.node.ts';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

const text = 'AI food recommendations for your groups. '.repeat(20);
const page = `<!doctype html><html><head><meta charset="utf-8"><title>T</title></head><body>${islandStyle}<p>${text}</p><script>go()</script></body></html>`;
const logger = { info: () => {}, warn: () => {} };

async function finishedSite(files: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), 'finish-dist-'));
  for (const [name, body] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), body);
  }
  await finishDist(dir, logger);
}

describe('the step that finishes dist/', () => {
  it('finishes each page: its island style in the head', async () => {
    await finishedSite({ 'index.html': page, 'sitemap-0.xml': `<urlset>${text}</urlset>` });
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    expect(html).toContain(`${islandStyle}</head>`);
    expect(html).not.toContain(`<body>${islandStyle}`);
  });

  it("writes the hosts' files of this build, for the hosts that read them from dist/", async () => {
    await finishedSite({ 'index.html': page });
    for (const [path, text] of Object.entries(hostFiles(siteConfig())))
      expect(await readFile(join(dir, path), 'utf8'), path).toBe(text);
  });

  it('leaves dotfiles out, and keeps /.well-known/', async () => {
    await finishedSite({ 'index.html': page, '.secrets.json': JSON.stringify({ text }), '.well-known/gpc.json': text });
    expect(existsSync(join(dir, '.secrets.json'))).toBe(false);
    expect(existsSync(join(dir, '.well-known/gpc.json'))).toBe(true);
  });
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
