/**
 * Starts the Sentry SDK with this build's settings, reports the errors the head's buffer kept while the page was
 * loading, and then loads session replay (another lazy chunk of our own bundle), unless the browser sends Global
 * Privacy Control.
 */
import { addIntegration, browserTracingIntegration, captureException, captureMessage, init } from '@sentry/browser';
import { errorBufferGlobal, monitoringOptions, readSettings, settingsElementId } from './settings.ts';

interface ErrorBuffer {
  take(): Event[];
}

export function startMonitoring() {
  const settings = readSettings(document.getElementById(settingsElementId)?.textContent);
  if (!settings) return;

  init({ ...monitoringOptions(settings), integrations: (defaults) => [...defaults, browserTracingIntegration()] });

  // The SDK's own handlers catch everything from here on; stop the buffer and report what it kept, as uncaught errors.
  const buffer = (window as unknown as Record<string, ErrorBuffer | undefined>)[errorBufferGlobal];
  for (const event of buffer?.take() ?? []) {
    if (event instanceof PromiseRejectionEvent) {
      captureException(event.reason, {
        mechanism: { type: 'auto.browser.global_handlers.onunhandledrejection', handled: false },
      });
    } else if (event instanceof SecurityPolicyViolationEvent) {
      reportViolation(event);
    } else if (event instanceof ErrorEvent) {
      captureException(event.error ?? event.message, {
        mechanism: { type: 'auto.browser.global_handlers.onerror', handled: false },
      });
    }
  }

  addEventListener('securitypolicyviolation', reportViolation);

  // Global Privacy Control (honoured as CCPA regulation 11 CCR 7025 asks; the privacy policy promises it): no session
  // replay at all, neither buffered nor sent on error, and so no session id in sessionStorage. Errors and
  // performance traces hold no account details or page text, so they are still reported.
  if (sendsGlobalPrivacyControl()) return;
  void import('./replay.client.ts').then(({ createReplay }) => addIntegration(createReplay()));
}

function sendsGlobalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true;
}

/**
 * A page's policy is a meta tag, and a meta policy cannot name a report endpoint (src/lib/headers.ts
 * says why the policy is one), so code the policy blocks is reported from the page, as a warning.
 */
function reportViolation(event: SecurityPolicyViolationEvent) {
  captureMessage(`Content-Security-Policy blocked ${event.blockedURI || 'inline code'} (${event.effectiveDirective})`, {
    level: 'warning',
    extra: { sourceFile: event.sourceFile, lineNumber: event.lineNumber, sample: event.sample },
  });
}
