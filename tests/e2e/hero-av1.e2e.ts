/**
 * The AV1 hero: a browser that decodes AV1 (Chromium does) picks the best file the build ships for the variant that
 * fits (the AV1 one, where `npm run media` found it beats VP9) and downloads no other encoding; the `codecs` string is
 * one it understands fully, which is what lets browsers without an AV1 decoder skip the file without fetching it.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { heroVideoSources } from '../../src/lib/media.ts';
import { shippedHeroSources } from '../../src/lib/media.node.ts';
import { fullRun } from './support/tiers.ts';

const shipped = shippedHeroSources(join(import.meta.dirname, '../../dist'));

for (const [width, variant] of [
  [375, 'small'],
  [1280, 'large'],
] as const) {
  test(
    `plays the ${variant} hero's best file at ${width} px and downloads no other encoding`,
    fullRun,
    async ({ page }) => {
      const requested = new Set<string>();
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/videos/')) requested.add(path);
      });
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const best = shipped[variant][0]!;
      await expect
        .poll(
          () =>
            page.locator('video.hero-video').evaluate((video: HTMLVideoElement) => ({
              src: new URL(video.currentSrc || 'http://x/').pathname,
              playing: !video.paused && video.readyState >= 2,
            })),
          { timeout: 20_000 },
        )
        .toEqual({ src: best.src, playing: true });
      expect([...requested]).toEqual([best.src]);
    },
  );
}

test('Chromium recognises every AV1 codecs string fully, and the order is AV1, VP9, H.264', async ({ page }) => {
  await page.goto('/');
  for (const variant of ['large', 'small'] as const) {
    const sources = heroVideoSources(variant);
    expect(sources.map((source) => source.codec)).toEqual(['av1', 'vp9', 'h264']);
    const answer = await page.evaluate((type) => document.createElement('video').canPlayType(type), sources[0]!.type);
    expect(answer, sources[0]!.type).toBe('probably');
  }
});
