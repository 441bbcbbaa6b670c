/** Monitoring (docs/monitoring.md): errors, performance and session replay, off without a DSN. */
import { z } from 'zod';
import { dsnExpected, parseDsn } from './dsn.ts';
import { count, text } from './fields.ts';

/** Sentry's sampling rates are probabilities. */
const rate = z.number('a number from 0 to 1').min(0, 'a number from 0 to 1').max(1, 'a number from 0 to 1');

export const monitoringFields = {
  /**
   * The Sentry DSN; empty keeps monitoring off: no monitoring code is downloaded and no request is made.
   * @example 'https://publickey@o0.ingest.sentry.io/0'
   */
  sentryDsn: z
    .string()
    .trim()
    .refine((value) => value === '' || parseDsn(value) !== undefined, `empty (monitoring off) or ${dsnExpected}`),
  /**
   * The environment events are filed under.
   * @example 'production'
   */
  sentryEnvironment: text('an environment name, like production'),
  /**
   * The share of page loads traced (docs/requirements.md#monitoring-rates).
   * @example 1
   */
  tracesSampleRate: rate,
  /**
   * The share of sessions replayed.
   * @example 0.1
   */
  replaysSessionSampleRate: rate,
  /**
   * The share of sessions with an error that are replayed.
   * @example 1
   */
  replaysOnErrorSampleRate: rate,
  /**
   * The app's API host: traces propagate to `https://{apiHost}/api/...` only (docs/requirements.md#trace-propagation).
   * @example 'api.tablemates.app'
   */
  apiHost: z
    .string()
    .trim()
    .regex(
      /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i,
      'a bare host name without scheme or path, like api.example.com',
    ),
  /**
   * How long the monitoring project keeps events and replays (Sentry's data retention); the privacy policy quotes it.
   * @example 90
   */
  monitoringRetentionDays: count('days'),
};
