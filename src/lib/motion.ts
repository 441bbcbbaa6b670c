/**
 * The hero's entrance (docs/requirements.md#fade-and-rise): the title and the call to action stay transparent for 2 s,
 * then fade in, the call to action rising 50 px into place. landing.css animates them from the custom properties
 * below (the landing page declares `heroMotionCss` in its head), and the tests import the same numbers.
 */
export const heroFadeDelayMs = 2000;
export const heroRisePx = 50;

/** `:root{--hero-fade-delay:2000ms;--hero-rise:50px}`, for a `<style>` in the landing page's head. */
export const heroMotionCss = `:root{--hero-fade-delay:${heroFadeDelayMs}ms;--hero-rise:${heroRisePx}px}`;
