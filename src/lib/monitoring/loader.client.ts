/**
 * The monitoring loader, the only monitoring code a page runs before its load event: it waits for the load event
 * and then for an idle moment, and only then fetches the SDK (a separate chunk of our own bundle).
 */
function afterLoad(run: () => void) {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

// Safari has no requestIdleCallback: a timeout after load is the next best moment.
function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
}

afterLoad(() =>
  whenIdle(() => {
    void import('./sdk.client.ts').then(({ startMonitoring }) => startMonitoring());
  }),
);
