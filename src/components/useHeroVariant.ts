import { heroBreakpointPx, type HeroVariant } from '../lib/media.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/**
 * The breakpoint as a media query, for matchMedia and the still's `<source media>`: it lives in markup and script,
 * not in landing.css, because a custom property cannot stand in a media query's condition.
 */
export const largeHeroQuery = `(min-width: ${heroBreakpointPx}px)`;

/** The hero video variant for the current window width (large at `heroBreakpointPx` or wider), following resizes live. */
export function useHeroVariant(): HeroVariant | undefined {
  const large = useMediaQuery(largeHeroQuery);
  return large === undefined ? undefined : large ? 'large' : 'small';
}
