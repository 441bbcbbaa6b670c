/** What `npm run media` says before it starts (scripts/media/pipeline.ts): every output, in order, and the time to expect. */
import { expect, test } from 'vitest';
import { mediaPlan, planSummary } from '../../scripts/media/pipeline.ts';
import { heroVariants, heroVideoSources, stillFormats, type HeroVariant } from '../../src/lib/media.ts';

const variants = Object.keys(heroVariants) as HeroVariant[];

test('the media run announces each video and still it makes, in the order it makes them, and roughly how long', () => {
  const plan = mediaPlan(9);
  // Per variant: its videos, then its stills (the first frame of its H.264 file).
  expect(plan.map((step) => step.name)).toEqual(
    variants.flatMap((variant) => [...heroVideoSources(variant).map(({ src }) => src), `/images/hero-${variant}-*`]),
  );
  const videos = variants.flatMap(heroVideoSources).length;
  const stills =
    variants.reduce((sum, variant) => sum + heroVariants[variant].stillWidths.length, 0) * stillFormats.length;
  expect(planSummary(plan, 9, 2)).toMatch(
    new RegExp(
      `^Encoding ${videos} videos and ${stills} stills from a 9\\.0 s loop: about \\d+ (s|minutes?) on 2 cores`,
    ),
  );
  expect(plan.every((step) => step.estimate > 0)).toBe(true);
  // A longer loop takes longer; a machine with one core is told to expect more.
  const total = (loop: number) => mediaPlan(loop).reduce((sum, step) => sum + step.estimate, 0);
  expect(total(9)).toBeGreaterThan(total(3));
  expect(planSummary(plan, 9, 1)).toContain('this machine has 1, so expect longer');
});
