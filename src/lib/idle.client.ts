/**
 * Runs `callback` once the page has loaded and the browser is idle: work that must stay off the first paint and
 * out of the load event (hydrating islands, loading the monitoring SDK). `timeout` bounds the wait on a page that is
 * never idle. Safari has no requestIdleCallback: a short timeout after load stands in.
 */
export function afterLoadWhenIdle(callback: () => void, timeout?: number): void {
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(callback, { timeout }) : setTimeout(callback, 200);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
