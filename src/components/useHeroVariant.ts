import { heroBreakpointPx, type HeroVariant } from '../lib/media.ts';
import { useMediaQuery } from './useMediaQuery.ts';

export const largeHeroQuery = `(min-width: ${heroBreakpointPx}px)`;
export const smallHeroQuery = `(max-width: ${heroBreakpointPx - 0.02}px)`;

/** The hero video variant for the current window width (large at 760 px or more), following resizes live. */
export function useHeroVariant(): HeroVariant | undefined {
  const large = useMediaQuery(largeHeroQuery);
  return large === undefined ? undefined : large ? 'large' : 'small';
}
