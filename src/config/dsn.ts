/**
 * The Sentry DSN's check, free of the schema library: the config validates with it, and the monitoring code (which
 * reaches the browser bundle) parses with it.
 */
import { dsnFromString, type DsnComponents } from '@sentry/core';

export const dsnExpected =
  'a Sentry DSN with a public key, no secret key (key:secret@ would publish the secret in every page) and a ' +
  'numeric project id, like https://key@o0.ingest.sentry.io/0';

/**
 * The DSN's parts, or undefined when the SDK could not send to it (no key, no numeric project, not http(s)) or when
 * it carries a secret key: the DSN is written into every page, and the old `key:secret@` form would publish the
 * secret, which lets anyone act on the project beyond sending events.
 */
export function parseDsn(dsn: string): DsnComponents | undefined {
  // The SDK's parser logs what it cannot read; a pattern check first keeps that noise out of the build. The key
  // part excludes ':', so `key:secret@` never reaches the parser.
  if (!/^https?:\/\/[^@/:]+@[^/]+\/(?:.+\/)?\d+$/.test(dsn.trim())) return undefined;
  const parts = dsnFromString(dsn.trim());
  return parts && !parts.pass && /^https?$/.test(parts.protocol) && /^\d+$/.test(parts.projectId) ? parts : undefined;
}
