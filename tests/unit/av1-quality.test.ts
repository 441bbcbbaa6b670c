import { describe, expect, it } from 'vitest';
import { av1Problem } from '../../scripts/media/pipeline.ts';

const vp9 = { path: '/videos/hero-small.webm', bytes: 325_556, ssim: 0.9692 };

describe('AV1 against VP9 in the media pipeline', () => {
  it('accepts an AV1 file at least as good and smaller', () => {
    expect(av1Problem({ path: '/videos/hero-small.av1.mp4', bytes: 167_281, ssim: 0.9919 }, vp9)).toBeUndefined();
  });

  it('refuses an AV1 file that looks worse, naming both figures', () => {
    expect(av1Problem({ path: '/videos/hero-small.av1.mp4', bytes: 120_000, ssim: 0.95 }, vp9)).toBe(
      '/videos/hero-small.av1.mp4 (SSIM 0.9500, 117.2 KB) is not at least as good as /videos/hero-small.webm ' +
        '(SSIM 0.9692, 317.9 KB) and smaller: lower the AV1 -crf in scripts/media/pipeline.ts',
    );
  });

  it('refuses an AV1 file that is not smaller', () => {
    expect(av1Problem({ path: '/videos/hero-small.av1.mp4', bytes: 400_000, ssim: 0.99 }, vp9)).toMatch(
      /is not at least as good as .* and smaller/,
    );
  });
});
