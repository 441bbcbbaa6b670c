/**
 * The monitoring loader, the only monitoring code a page runs before its load event: it waits for the load event
 * and then for an idle moment (at most 3 s, so errors of a busy page are still reported), and only then fetches the
 * SDK (a separate chunk of our own bundle).
 */
import { afterLoadWhenIdle } from '../idle.client.ts';

afterLoadWhenIdle(() => {
  void import('./sdk.client.ts').then(({ startMonitoring }) => startMonitoring());
}, 3000);
