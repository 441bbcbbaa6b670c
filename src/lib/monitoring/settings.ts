/**
 * Error and performance monitoring (Sentry), in one place: what the pages embed, the SDK's options, where traces may
 * propagate, and what the Content-Security-Policy must allow. Off when no DSN is configured: then no page carries
 * monitoring code and no request is made.
 *
 * Shared code (no Node imports, no runtime config): the build (MonitoringHead.astro, astro.config.ts, the security
 * headers) and the browser bundle (sdk.client.ts) both import it. The release is computed at build by release.node.ts;
 * the DSN is parsed by dsn.ts.
 */
import type { BrowserOptions, replayIntegration } from '@sentry/browser';
import type { SiteConfig } from '../../config/index.ts';
import { isInvitePage } from '../invite/invite.ts';
import { ingestOrigin, requireDsn } from './dsn.ts';

/** What a page hands the browser-side SDK: plain JSON, embedded in the page by MonitoringHead.astro. */
export interface MonitoringSettings {
  dsn: string;
  environment: string;
  /** The git commit (short sha) the site was built from, else the package version. */
  release: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
  /** Traces propagate to `https://{apiHost}/api/...` and localhost only (docs/requirements.md#trace-propagation). */
  apiHost: string;
}

type MonitoringConfig = Pick<
  SiteConfig,
  | 'sentryDsn'
  | 'sentryEnvironment'
  | 'tracesSampleRate'
  | 'replaysSessionSampleRate'
  | 'replaysOnErrorSampleRate'
  | 'apiHost'
  | 'invitePath'
  | 'languages'
>;

/**
 * The settings of this build for the page at `pagePath`, or undefined when monitoring is off: no DSN configured, or
 * the invite page, whose address carries a group's invite code. No error report, trace, breadcrumb or replay is made
 * there, so the code cannot reach the monitoring service (docs/requirements.md#invite).
 */
export function monitoringSettings(
  config: MonitoringConfig,
  release: string,
  pagePath = '/',
): MonitoringSettings | undefined {
  if (!config.sentryDsn || isInvitePage(pagePath, config)) return undefined;
  requireDsn(config.sentryDsn); // a DSN the SDK cannot use stops the build instead of failing silently in browsers
  return {
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    release,
    tracesSampleRate: config.tracesSampleRate,
    replaysSessionSampleRate: config.replaysSessionSampleRate,
    replaysOnErrorSampleRate: config.replaysOnErrorSampleRate,
    apiHost: config.apiHost,
  };
}

/** Id of the JSON data block that carries the settings into the page. */
export const settingsElementId = 'monitoring-settings';

/** The settings as the body of a `<script type="application/json">`: `<` escaped so no value can close the tag. */
export function settingsJson(settings: MonitoringSettings): string {
  return JSON.stringify(settings).replace(/</g, '\\u003c');
}

/** Parses the page's settings block; undefined when the page has none (monitoring off). */
export function readSettings(text: string | null | undefined): MonitoringSettings | undefined {
  return text ? (JSON.parse(text) as MonitoringSettings) : undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the SDK adds `sentry-trace` and `baggage` headers (docs/requirements.md#trace-propagation): localhost, and
 * paths under `https://{apiHost}/api`. Anchored at both ends of the origin, so `https://{apiHost}.evil.example/api`,
 * `https://evil.example/?u=https://{apiHost}/api` and plain-http `http://{apiHost}/api` never receive them. The SDK
 * tests these against the full URL (and same-origin paths, which start with `/` and so never match).
 */
export function tracePropagationTargets(apiHost: string): RegExp[] {
  return [
    /^https?:\/\/localhost(?::\d+)?(?:[/?#]|$)/,
    new RegExp(`^https://${escapeRegExp(apiHost.toLowerCase())}(?::443)?/api(?:[/?#]|$)`),
  ];
}

/** The SDK's options: the required rates (docs/requirements.md#monitoring-rates), no personal data, trace targets. */
export function monitoringOptions(settings: MonitoringSettings) {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
    tracePropagationTargets: tracePropagationTargets(settings.apiHost),
    // A visitor's details, cookies, headers and request bodies stay out of events: the privacy policy discloses
    // error reports and masked replays, nothing more.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [] },
  } satisfies BrowserOptions;
}

/**
 * Session replay: every text masked and every image, video and canvas blocked, so a replay shows the page's layout
 * and clicks but nothing a visitor reads or types. The compression worker comes from our own origin (`workerUrl`),
 * so the CSP needs no `blob:` worker source.
 */
export function replayOptions(workerUrl: string) {
  return {
    maskAllText: true,
    maskAllInputs: true,
    blockAllMedia: true,
    workerUrl,
  } satisfies Parameters<typeof replayIntegration>[0];
}

/**
 * Build-time constants for the SDK's code: drop its debug logging, and the copy of the replay worker it would
 * otherwise inline as a `blob:` URL (we serve the worker as a file instead). Used by astro.config.ts.
 */
export const monitoringBuildDefines = {
  __SENTRY_DEBUG__: 'false',
  __SENTRY_EXCLUDE_REPLAY_WORKER__: 'true',
};

/**
 * The `connect-src` sources monitoring needs: the ingest origin parsed from the DSN, nothing broader (no wildcard,
 * no path). Empty without a DSN. The security headers (one source for every host) add these.
 */
export function monitoringConnectSrc(config: Pick<SiteConfig, 'sentryDsn'>): string[] {
  return config.sentryDsn ? [ingestOrigin(config.sentryDsn)] : [];
}

/** Name of the page global through which the error buffer hands its queue to the SDK. */
export const errorBufferGlobal = '__monitoringQueue';

/** At most this many early errors are kept, so a page whose SDK never loads does not grow without bound. */
const errorBufferLimit = 30;

/**
 * The inline script for every page's head when monitoring is on: it queues `error`, `unhandledrejection` and
 * `securitypolicyviolation` events until the SDK (loaded once the page is idle) takes them, so errors thrown and code
 * blocked before it started are still reported.
 * Calling the global's `take()` stops the queueing and returns the queue. No eval, so a CSP hash covers it.
 */
export const errorBufferScript = `(function(){var q=[],t=["error","unhandledrejection","securitypolicyviolation"];function h(e){if(q.length<${errorBufferLimit})q.push(e)}t.forEach(function(n){addEventListener(n,h)});window.${errorBufferGlobal}={take:function(){t.forEach(function(n){removeEventListener(n,h)});return q}}})();`;
