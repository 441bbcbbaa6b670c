import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { av1Problem } from '../../scripts/media/pipeline.ts';
import { shippedHeroSources } from '../../src/lib/media.node.ts';

test('the media pipeline ships no AV1 file that looks worse than the VP9 one, or is not smaller, and says why', () => {
  const vp9 = { path: '/videos/hero-small.webm', bytes: 325_556, ssim: 0.9692 };
  const av1 = { path: '/videos/hero-small.av1.mp4', bytes: 120_000, ssim: 0.95 };
  expect(av1Problem(av1, vp9)).toBe(
    '/videos/hero-small.av1.mp4 (SSIM 0.9500, 117.2 KB) is not at least as good as /videos/hero-small.webm ' +
      '(SSIM 0.9692, 317.9 KB) and smaller',
  );
  expect(av1Problem({ ...av1, ssim: 0.99, bytes: 400_000 }, vp9)).toMatch(/is not at least as good as .* and smaller/);
  expect(av1Problem({ ...av1, ssim: 0.97 }, vp9)).toBeUndefined();
});

const dir = mkdtempSync(join(tmpdir(), 'hero-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A fixture public folder holding the named hero files, of the given byte counts. */
function folder(name: string, files: Record<string, number>) {
  mkdirSync(join(dir, name, 'videos'), { recursive: true });
  for (const [file, bytes] of Object.entries(files)) writeFileSync(join(dir, name, 'videos', file), 'x'.repeat(bytes));
  return join(dir, name);
}
const both = (variant: string, av1?: number) => ({
  [`hero-${variant}.webm`]: 20,
  [`hero-${variant}.mp4`]: 30,
  ...(av1 === undefined ? {} : { [`hero-${variant}.av1.mp4`]: av1 }),
});
const srcs = (sources: { src: string }[]) => sources.map(({ src }) => src);

test('the page lists the hero files the build ships, best first, and no AV1 file where there is none', () => {
  const shipped = shippedHeroSources(folder('mixed', { ...both('large', 10), ...both('small') }));
  expect(srcs(shipped.large)).toEqual([
    '/videos/hero-large.av1.mp4',
    '/videos/hero-large.webm',
    '/videos/hero-large.mp4',
  ]);
  expect(shipped.large[0]!.type).toMatch(/^video\/mp4; codecs="av01\./);
  expect(srcs(shipped.small)).toEqual(['/videos/hero-small.webm', '/videos/hero-small.mp4']);
});

test('the build stops on an AV1 file not smaller than its VP9 one, or a missing VP9 or H.264 file, naming it', () => {
  expect(() => shippedHeroSources(folder('big', { ...both('large', 20), ...both('small') }))).toThrow(
    /hero-large\.av1\.mp4 \(20 bytes\) is not smaller than .*hero-large\.webm \(20 bytes\); expected an AV1 file only where it beats the VP9 one/,
  );
  const noH264 = both('small');
  delete noH264['hero-small.mp4'];
  expect(() => shippedHeroSources(folder('missing', { ...both('large'), ...noH264 }))).toThrow(
    /missing[/\\]videos[/\\]hero-small\.mp4 is missing; expected every hero video but the AV1 ones/,
  );
});
