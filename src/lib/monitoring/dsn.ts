/**
 * The Sentry DSN as the monitoring code uses it: parsed by the config's own check (src/config/monitoring.ts), so the
 * settings and the Content-Security-Policy's `connect-src` read it the same way.
 */
import type { DsnComponents } from '@sentry/core';
import { dsnExpected, parseDsn } from '../../config/dsn.ts';

/** Parses the DSN or throws, naming the field, the value and the expected form. */
export function requireDsn(dsn: string): DsnComponents {
  const parts = parseDsn(dsn);
  if (!parts) throw new Error(`sentryDsn (PUBLIC_SENTRY_DSN) is ${JSON.stringify(dsn)}; expected ${dsnExpected}`);
  return parts;
}

const originOf = ({ protocol, host, port }: DsnComponents) => `${protocol}://${host}${port ? `:${port}` : ''}`;

/** The origin events are sent to: what `connect-src` must allow, nothing broader. */
export const ingestOrigin = (dsn: string): string => originOf(requireDsn(dsn));
