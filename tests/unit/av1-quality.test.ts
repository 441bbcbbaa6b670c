import { expect, test } from 'vitest';
import { av1Problem } from '../../scripts/media/pipeline.ts';

test('the media pipeline refuses an AV1 file that looks worse than the VP9 one, or is not smaller', () => {
  const vp9 = { path: '/videos/hero-small.webm', bytes: 325_556, ssim: 0.9692 };
  const av1 = { path: '/videos/hero-small.av1.mp4', bytes: 120_000, ssim: 0.95 };
  expect(av1Problem(av1, vp9)).toBe(
    '/videos/hero-small.av1.mp4 (SSIM 0.9500, 117.2 KB) is not at least as good as /videos/hero-small.webm ' +
      '(SSIM 0.9692, 317.9 KB) and smaller: lower the AV1 -crf in scripts/media/pipeline.ts',
  );
  expect(av1Problem({ ...av1, ssim: 0.99, bytes: 400_000 }, vp9)).toMatch(/is not at least as good as .* and smaller/);
});
