/**
 * The site's configuration: the owner's values from `site.config.ts`, and the few a deploy sets as environment
 * variables (`deployFields`), validated against one schema fragment per concept. Anything wrong stops the command with
 * the field, the value and the expected form, so a typo never ships. Nothing here validates at import: the build
 * validates once in its site integration and serves the result as `virtual:site/config`; a script calls configOrExit().
 */
import { z } from 'zod';
import ownerValues from '../../site.config.ts';
import { brandFields } from './brand.ts';
import { featureNames, featureValues } from '../lib/features.ts';
import { featureFields } from './features.ts';
import { Example } from './example.ts';
import { inviteFields } from './invite.ts';
import { languageFields } from './languages.ts';
import { mediaFields } from './media.ts';

export { availableLocales, i18nDir } from './languages.ts';
import { legalFields } from './legal.ts';
import { monitoringFields } from './monitoring.ts';
import { socialFields } from './social.ts';
import { fieldPairs, storeFields } from './stores.ts';

const fieldsSchema = z.object({
  ...brandFields,
  ...socialFields,
  ...storeFields,
  ...inviteFields,
  ...languageFields,
  ...monitoringFields,
  ...legalFields,
  ...featureFields,
  ...mediaFields,
});

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== '');

export const configSchema = fieldsSchema.superRefine((config, context) => {
  for (const { fields, purpose } of fieldPairs) {
    const [first, second] = fields.map((field) => isSet(config[field]));
    if (first !== second) {
      context.addIssue({ code: 'custom', path: [], params: { pair: fields, purpose }, message: '' });
    }
  }
  // A feature's values are what the pages name for it: needed while it is on, never a made-up one while it is off.
  for (const feature of featureNames.filter((name) => config.features[name]))
    for (const field of featureValues[feature].filter((name) => !config[name]))
      context.addIssue({
        code: 'custom',
        path: [field],
        message: `a value while features.${feature} is true (or features.${feature}: false, if the app has none)`,
      });
  if (config.inviteCodeMaxLength < config.inviteCodeMinLength) {
    context.addIssue({
      code: 'custom',
      path: ['inviteCodeMaxLength'],
      message: `a length no shorter than inviteCodeMinLength (${config.inviteCodeMinLength})`,
    });
  }
});

export type SiteConfig = z.infer<typeof configSchema>;
export type ConfigField = keyof SiteConfig;

/**
 * The values that differ per deploy, each set by its `PUBLIC_*` variable at build where it is not in site.config.ts:
 * the site's address, the monitoring DSN and the app ids.
 */
export const deployFields = [
  'siteUrl',
  'sentryDsn',
  'appleTeamId',
  'iosBundleId',
  'androidPackage',
  'androidCertFingerprints',
] as const satisfies ConfigField[];

/** `sentryDsn` -> `PUBLIC_SENTRY_DSN` */
export function envName(field: string): string {
  return `PUBLIC_${field.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

/** Where an owner sets a field: "site.config.ts", or "site.config.ts or PUBLIC_SITE_URL" for a deploy's value. */
export const whereSet = (field: ConfigField) =>
  (deployFields as readonly string[]).includes(field) ? `site.config.ts or ${envName(field)}` : 'site.config.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Merges the owner's values with the deploy's variables and validates the result; throws a ConfigError naming every bad field. */
export function loadConfig(env: Env = process.env, values: Record<string, unknown> = ownerValues): SiteConfig {
  const merged = unwrapExamples(values) as Record<string, unknown>;
  /** The raw strings taken from the environment, shown in errors exactly as they were typed. */
  const fromEnv = new Map<string, string>();
  for (const field of deployFields) {
    const raw = env[envName(field)];
    if (raw === undefined) continue;
    fromEnv.set(field, raw);
    merged[field] = raw;
  }
  const result = configSchema.safeParse(merged);
  if (result.success) return result.data;
  /**
   * `siteUrl (PUBLIC_SITE_URL) is "x"`, `social[1].url (site.config.ts) is "y"`: the field or the entry's
   * field, where its value came from, and the value as typed.
   */
  const described = (path: readonly PropertyKey[]) => {
    const field = String(path[0] ?? '(config)');
    const source = fromEnv.has(field) ? envName(field) : `site.config.ts`;
    const raw = fromEnv.get(field) ?? merged[field];
    // A list or an entry points at the bad item; a comma-separated variable is shown whole, as typed.
    const at = typeof raw === 'object' && raw !== null ? path : path.slice(0, 1);
    const value = at.length > 1 ? valueAt(raw, at.slice(1)) : raw;
    return `${pathName(at)} (${source}) is ${JSON.stringify(value) ?? 'missing'}`;
  };
  const lines = result.error.issues.map((issue) => {
    const pair = issue.code === 'custom' ? (issue.params as { pair?: string[]; purpose?: string }) : undefined;
    if (pair?.pair) {
      const [first, second] = pair.pair as [string, string];
      return `  - ${described([first])} but ${described([second])}; expected both set (${pair.purpose}) or both empty`;
    }
    return `  - ${described(issue.path)}; expected ${issue.message.replace(/^Invalid input: expected /, '')}`;
  });
  throw new ConfigError(`Invalid site configuration:\n${lines.join('\n')}`);
}

/**
 * The config validated for a command: a bad value ends it with the message alone, no stack trace. The build's is made
 * once, by the site integration (src/integrations/site.ts), which serves it to the pages as `virtual:site/config`;
 * a script calls this once and passes the result on.
 */
export function configOrExit(env: Env = process.env): SiteConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The values with every `example(...)`, at any depth (a social network's url), replaced by its value. */
function unwrapExamples(value: unknown): unknown {
  if (value instanceof Example) return value.value;
  if (Array.isArray(value)) return value.map(unwrapExamples);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapExamples(v)]));
  return value;
}

export const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((parent, key) => (parent as Record<PropertyKey, unknown> | undefined)?.[key], value);

/** `['social', 1, 'url']` -> `social[1].url` */
export const pathName = (path: readonly PropertyKey[]) =>
  path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index ? `.${String(key)}` : String(key))).join('');

/**
 * Values still at the example site.config.ts ships (`example(...)`), each must be replaced before launch: `field` is
 * the config field (its PUBLIC_* variable), `path` where the example sits in it (`social[0].url`).
 */
export function fieldsAtExampleValues(
  config: SiteConfig,
  values: Record<string, unknown> = ownerValues,
): { field: ConfigField; path: string; value: unknown }[] {
  const found: { field: ConfigField; path: string; value: unknown }[] = [];
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (value instanceof Example) {
      const current = valueAt(config, path);
      // Compared as JSON: list fields are parsed into new arrays.
      if (JSON.stringify(current) === JSON.stringify(value.value)) {
        found.push({ field: path[0] as ConfigField, path: pathName(path), value: current });
      }
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (isPlainObject(value)) for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  for (const [field, value] of Object.entries(values)) visit(value, [field]);
  return found;
}
