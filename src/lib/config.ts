/**
 * The site's configuration: the owner's values from `site.config.ts`, each overridable at build by a `PUBLIC_*`
 * environment variable, validated once. Anything wrong stops the build with the field, the value and the expected
 * form, so a typo never ships.
 *
 * Plain TypeScript with explicit `.ts` imports: Node 24 runs it directly (scripts) and Vite bundles it (pages).
 */
import { z } from 'zod';
import ownerValues from '../../site.config.ts';
import { brandIcon } from './brandIcons.ts';
import { inviteCodeAlphabet, reservedInvitePaths } from './invite.ts';
import { Example } from './example.ts';
import { dsnExpected, parseDsn } from './monitoring/dsn.ts';

/** An https:// URL, optionally on a given host (or its subdomains); `example` shows the expected form. */
const httpsUrl = (example: string, host?: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        const url = parseUrl(value);
        return url?.protocol === 'https:' && (!host || url.hostname === host || url.hostname.endsWith(`.${host}`));
        // abort: later checks on the same field would only repeat this one.
      },
      { message: `${host ? `an https://${host} URL` : 'an https:// URL'}, like ${example}`, abort: true },
    );

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const hostname = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const email = /^[^\s@<>()"]+@[^\s@<>()"]+\.[^\s@<>()"]+$/;

/** A text field that may stay empty (the feature it feeds is then off), or must match `pattern`. */
const optional = (pattern: RegExp, expected: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || pattern.test(value), `empty or ${expected}`);

/**
 * A list, written as an array in site.config.ts or comma-separated in its PUBLIC_* variable; blank items are dropped,
 * so an empty variable is an empty list.
 */
const list = (item: z.ZodType<string>) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item, 'a list of values (an array, or comma-separated in the environment variable)'),
  );

/** The value itself when it is not JSON, so validation reports it as typed. */
function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The social networks the hero, the footer and the JSON-LD `sameAs` link to, in order: written as a list in
 * site.config.ts, or as the same list in JSON in PUBLIC_SOCIAL.
 */
const socialNetworks = z.preprocess(
  (value) => (typeof value === 'string' ? parseJson(value) : value),
  z.array(
    z.object({
      /** Names the link for screen readers: "Tablemates on YouTube". */
      name: z.string('a network name, like "YouTube"').trim().min(1, 'a network name, like "YouTube"'),
      icon: z
        .string('a Simple Icons slug, like "youtube"')
        .refine(
          (slug) => brandIcon(slug) !== undefined,
          'a Simple Icons slug, like "youtube" (each icon\'s slug is on https://simpleicons.org)',
        ),
      url: httpsUrl('https://www.youtube.com/@tablemates'),
    }),
    'a list of networks like [{ name: "YouTube", icon: "youtube", url: "https://www.youtube.com/@tablemates" }] (JSON in PUBLIC_SOCIAL)',
  ),
);

/** A SHA-256 certificate fingerprint as the Play Console and `keytool -list` print it. */
const fingerprint = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/i;

/**
 * Fields that only mean something together: one set without the other stops the build, naming both, since half an
 * app association publishes nothing and would silently leave the app unverified.
 */
export const fieldPairs = [
  { fields: ['appleTeamId', 'iosBundleId'], purpose: 'the iOS app association' },
  { fields: ['androidPackage', 'androidCertFingerprints'], purpose: 'the Android app association' },
] as const;

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== '');

/**
 * An invite code's length bound: a code is a path segment the app also shows and types, so 1 to 64 characters. Read
 * as a number from its PUBLIC_* variable even where site.config.ts leaves the field out (the default applies).
 */
const inviteCodeLengthExpected = `a whole number of ${inviteCodeAlphabet} from 1 to 64`;
const inviteCodeLength = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? toNumber(value) : value),
    z
      .number(inviteCodeLengthExpected)
      .int(inviteCodeLengthExpected)
      .min(1, inviteCodeLengthExpected)
      .max(64, inviteCodeLengthExpected)
      .default(fallback),
  );

/** Sentry's sampling rates are probabilities. */
const rate = z.number('a number from 0 to 1').min(0, 'a number from 0 to 1').max(1, 'a number from 0 to 1');

const fieldsSchema = z.object({
  productName: z.string().trim().min(1, 'a non-empty product name, like "Tablemates"'),
  tagline: z.string().trim().min(1, 'a non-empty tagline'),
  contactEmail: z.string().trim().regex(email, 'an email address, like hello@example.com'),
  /** Where the site is served; canonical URLs, the sitemap and social cards are built from it. */
  siteUrl: httpsUrl('https://example.com').refine(
    (value) => !value.endsWith('/'),
    'no trailing slash, like https://example.com',
  ),
  /** Traces propagate to `https://{apiHost}/api/...` only (docs/requirements.md#trace-propagation). */
  apiHost: z.string().trim().regex(hostname, 'a bare host name without scheme or path, like api.example.com'),
  /** The listing's numeric id (`/id1234567890`) also feeds the smart app banner. */
  appStoreUrl: httpsUrl('https://apps.apple.com/app/tablemates/id1234567890', 'apps.apple.com').refine(
    (value) => /\/id\d+(?:[/?#]|$)/.test(value),
    'an App Store listing URL ending in its id, like https://apps.apple.com/app/tablemates/id1234567890',
  ),
  social: socialNetworks,
  legalEntity: z.string().trim().min(1, 'the legal name of the company behind the app'),
  /** The controller's postal address, which the privacy policy gives EU and UK users (GDPR Art. 13(1)(a)). */
  legalAddress: z
    .string()
    .trim()
    .min(1, 'the postal address of the company, like "1 Main St, Springfield, IL 62701, USA"'),
  /**
   * The third parties that receive user data to make recommendations and find places. Apple (5.1.2(i)) wants a
   * third-party AI named, so the privacy policy names both.
   */
  aiProvider: z.string().trim().min(1, 'the name of the AI provider that receives user data, like "OpenAI"'),
  placesProvider: z.string().trim().min(1, 'the name of the places-data provider, like "Google Maps Platform"'),
  /** The places provider's terms and privacy policy, which its terms ask the app's users to be bound by. */
  placesProviderTermsUrl: httpsUrl('https://maps.google.com/help/terms_maps/'),
  placesProviderPrivacyUrl: httpsUrl('https://policies.google.com/privacy'),
  /**
   * The company's representative in the EU and the UK (GDPR and UK GDPR Art. 27), with address, for a controller
   * established in neither; empty says in the privacy policy that none is appointed yet.
   */
  euRepresentative: z.string().trim().default(''),
  /** The US state whose law governs the terms besides federal law, like "Delaware"; empty names US law only. */
  governingState: z
    .string()
    .trim()
    .regex(/^(?:|[A-Z][A-Za-z .]+)$/, 'empty, or the name of a US state, like "Delaware"')
    .default(''),
  /**
   * A screenshot of the app's sign-up screen showing the SMS consent wording, shown under that wording on the terms
   * page (SMS reviewers ask to see it). A path under public/; empty shows none. The build checks the file exists.
   */
  smsConsentScreenshot: z
    .string()
    .trim()
    .regex(
      /^(?:|\/(?!.*\.\.)[\w./-]+\.(?:png|jpe?g|webp|avif))$/i,
      'empty, or the path of an image under public/, like /images/sms-consent.png',
    ),
  /**
   * The reply words the messaging provider honours as an opt-out (Twilio's defaults and advanced opt-out words); the
   * SMS terms promise exactly these, so change them together with the provider's settings.
   */
  smsOptOutWords: list(z.string().regex(/^[A-Z]+(?: [A-Z]+)*$/, 'upper-case words, like STOP or OPT OUT')).refine(
    (words: string[]) => words.includes('STOP'),
    'a list of upper-case words that includes STOP',
  ),
  /**
   * The designated agent for copyright notices (17 U.S.C. 512(c)(2)), as registered with the US Copyright Office;
   * the Terms of Use print them.
   */
  copyrightAgentName: z.string().trim().min(1, 'the name of the designated copyright agent'),
  copyrightAgentAddress: z.string().trim().min(1, "the agent's postal address"),
  copyrightAgentPhone: z
    .string()
    .trim()
    .regex(/^\+?[\d ()-]{7,}$/, 'a phone number, like +1 415 555 0100'),
  copyrightAgentEmail: z.string().trim().regex(email, 'an email address, like copyright@example.com'),
  copyrightAgentRegistration: z
    .string()
    .trim()
    .regex(/^DMCA-\d+$/, "the Copyright Office's registration number of the agent, like DMCA-1234567"),
  /** The cap on liability in the Terms of Use, in US dollars, when a user paid nothing (counsel decides). */
  liabilityCapUsd: z.number('a whole number of dollars').int('a whole number of dollars').positive('a positive number'),
  /** Where disputes under the Terms of Use are heard, like "the state and federal courts in Wilmington, Delaware". */
  disputeVenue: z.string().trim().min(1, 'the courts where disputes are heard, like "the courts of Delaware"'),
  /**
   * Whether the app asks a parent's consent where the law wants it for a teen ('in-app'), or does not ('not-asked');
   * the privacy policy and the Terms of Use promise only what the app does.
   */
  parentalConsent: z.enum(['in-app', 'not-asked'], "'in-app' or 'not-asked'"),
  /** Empty turns monitoring off: no monitoring code is downloaded and no request is made. */
  sentryDsn: z
    .string()
    .trim()
    .refine((value) => value === '' || parseDsn(value) !== undefined, `empty (monitoring off) or ${dsnExpected}`),
  sentryEnvironment: z.string().trim().min(1, 'an environment name, like production'),
  // docs/requirements.md#monitoring-rates
  tracesSampleRate: rate,
  replaysSessionSampleRate: rate,
  replaysOnErrorSampleRate: rate,
  // Quoted by the legal pages (docs/requirements.md#sms-codes and #deletion).
  otpCodesPerHour: z
    .number('a whole number of codes')
    .int('a whole number of codes')
    .positive('a positive number of codes'),
  accountDeletionDays: z
    .number('a whole number of days')
    .int('a whole number of days')
    .positive('a positive number of days'),
  /** How long the monitoring provider keeps error reports, traces and replays; the privacy policy quotes it. */
  monitoringRetentionDays: z
    .number('a whole number of days')
    .int('a whole number of days')
    .positive('a positive number of days'),
  // The app's identities (src/lib/appLinks.ts): each pair publishes its platform's file under /.well-known/.
  /** The Apple Developer Team ID (Membership details), the prefix of the app identifier. */
  appleTeamId: optional(/^[A-Z0-9]{10}$/, '10 upper-case letters or digits, like ABCDE12345'),
  iosBundleId: optional(/^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/, 'a reverse-DNS bundle id, like com.example.tablemates'),
  /**
   * The site paths the iOS app opens instead of the browser (universal links), in the apple-app-site-association
   * pattern form (`*` and `?` wildcards). Empty by default: every page stays a web page.
   */
  appLinkPaths: list(
    z
      .string()
      .regex(/^\/[^\s,]*$/, 'paths starting with /, like /invite/*')
      .refine((path) => !path.startsWith('/.well-known/'), 'paths outside /.well-known/, like /invite/*'),
  ),
  /**
   * The group invite address (src/lib/invite.ts): `/join` serves one page for every `/join/<code>`. Empty (the
   * default) turns it off: no page, no host rule, no app-link path.
   */
  invitePath: z
    .string()
    .trim()
    .regex(/^(?:|\/[a-z0-9][a-z0-9-]*)$/, 'empty (no invite page), or one lower-case path segment, like /join')
    .refine(
      (path) => !reservedInvitePaths.includes(path),
      `an address no other page or folder uses, like /join (taken: ${reservedInvitePaths.join(', ')})`,
    )
    .default(''),
  /** The invite code's allowed form: letters and digits, this many of them (the app's codes must fit). */
  inviteCodeMinLength: inviteCodeLength(6),
  inviteCodeMaxLength: inviteCodeLength(12),
  androidPackage: optional(
    /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/,
    'an Android package name, like com.example.tablemates',
  ),
  /** The signing certificates' SHA-256 fingerprints (Play Console: App integrity); written upper case. */
  androidCertFingerprints: list(
    z
      .string()
      .regex(
        fingerprint,
        'SHA-256 fingerprints, each 32 colon-separated hex pairs (14:6D:E9:...), as the Play Console shows them',
      )
      .transform((value) => value.toUpperCase()),
  ),
});

export const configSchema = fieldsSchema.superRefine((config, context) => {
  for (const { fields, purpose } of fieldPairs) {
    const [first, second] = fields.map((field) => isSet(config[field]));
    if (first !== second) {
      context.addIssue({ code: 'custom', path: [], params: { pair: fields, purpose }, message: '' });
    }
  }
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

/** `sentryDsn` -> `PUBLIC_SENTRY_DSN` */
export function envName(field: string): string {
  return `PUBLIC_${field.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Merges the owner's values with `PUBLIC_*` overrides and validates the result; throws a ConfigError naming every bad field. */
export function loadConfig(env: Env = process.env, values: Record<string, unknown> = ownerValues): SiteConfig {
  const merged = unwrapExamples(values) as Record<string, unknown>;
  /** The raw strings taken from the environment, shown in errors exactly as they were typed. */
  const fromEnv = new Map<string, string>();
  for (const field of Object.keys(fieldsSchema.shape)) {
    const raw = env[envName(field)];
    if (raw === undefined) continue;
    fromEnv.set(field, raw);
    // Environment variables are strings; numeric fields read them as numbers (a non-number fails validation below).
    merged[field] = typeof merged[field] === 'number' ? toNumber(raw) : raw;
  }
  const result = configSchema.safeParse(merged);
  if (result.success) return result.data;
  /**
   * `contactEmail (PUBLIC_CONTACT_EMAIL) is "x"`, `social[1].url (site.config.ts) is "y"`: the field or the entry's
   * field, where its value came from, and the value as typed.
   */
  const described = (path: readonly PropertyKey[]) => {
    const field = String(path[0] ?? '(config)');
    const source = fromEnv.has(field) ? envName(field) : `site.config.ts`;
    const raw = fromEnv.get(field) ?? merged[field];
    const parsed = typeof raw === 'string' ? parseJson(raw) : raw;
    // A list or an entry points at the bad item; a comma-separated variable is shown whole, as typed.
    const at = typeof parsed === 'object' && parsed !== null ? path : path.slice(0, 1);
    const value = at.length > 1 ? valueAt(parsed, at.slice(1)) : raw;
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

function toNumber(raw: string): number | string {
  const value = Number(raw);
  return raw.trim() === '' || Number.isNaN(value) ? raw : value;
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

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((parent, key) => (parent as Record<PropertyKey, unknown> | undefined)?.[key], value);

/** `['social', 1, 'url']` -> `social[1].url` */
const pathName = (path: readonly PropertyKey[]) =>
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

/** The validated configuration of this build. */
export const config: SiteConfig = loadConfig();
