/**
 * Session replay, loaded after the SDK has started. Its compression worker is emitted by the build as a file of our
 * own origin (hashed name, versioned with the installed SDK), so the CSP needs no `blob:` worker source.
 */
import { replayIntegration } from '@sentry/browser';
import workerUrl from '@sentry/replay/worker-bundler?url';
import { replayOptions } from './settings.ts';

export function createReplay() {
  return replayIntegration(replayOptions(workerUrl));
}
