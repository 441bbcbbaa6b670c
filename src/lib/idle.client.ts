/**
 * Runs `callback` once the page has loaded and the browser is idle: work that must stay off the first paint and
 * out of the load event (hydrating islands, preloading the 3D model).
 */
export function afterLoadWhenIdle(callback: () => void): void {
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(callback) : setTimeout(callback, 200));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
