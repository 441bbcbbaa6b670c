import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import ownerValues from '../../site.config.ts';
import { ConfigError, envName, exampleValues, fieldsAtExampleValues, loadConfig } from '../../src/lib/config.ts';

const load = (env: Record<string, string>) => loadConfig(env, ownerValues);
const errorOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be rejected');
};

describe('site config', () => {
  it('accepts the shipped example values', () => {
    const config = load({});
    expect(config.productName).toBe('Tablemates');
    expect(config.tagline).toBe('AI food recommendations for your groups');
    expect([config.tracesSampleRate, config.replaysSessionSampleRate, config.replaysOnErrorSampleRate]).toEqual([
      1, 0.1, 1,
    ]);
  });

  it('names each environment variable after its field', () => {
    expect(envName('contactEmail')).toBe('PUBLIC_CONTACT_EMAIL');
    expect(envName('sentryDsn')).toBe('PUBLIC_SENTRY_DSN');
  });

  it('takes overrides from PUBLIC_* variables, numbers included', () => {
    const config = load({ PUBLIC_CONTACT_EMAIL: 'team@tablemates.app', PUBLIC_TRACES_SAMPLE_RATE: '0.5' });
    expect(config.contactEmail).toBe('team@tablemates.app');
    expect(config.tracesSampleRate).toBe(0.5);
  });

  it.each([
    ['PUBLIC_CONTACT_EMAIL', 'hello-at-example.com', 'contactEmail', 'an email address'],
    ['PUBLIC_SITE_URL', 'http://example.com', 'siteUrl', 'an https:// URL'],
    ['PUBLIC_APP_STORE_URL', 'https://play.google.com/store/apps/x', 'appStoreUrl', 'https://apps.apple.com'],
    ['PUBLIC_APP_STORE_URL', 'https://apps.apple.com/app/tablemates', 'appStoreUrl', 'ending in its id'],
    ['PUBLIC_INSTAGRAM_URL', 'https://instagram.com.evil.example/x', 'instagramUrl', 'instagram.com'],
    ['PUBLIC_PRODUCT_NAME', '  ', 'productName', 'non-empty product name'],
    ['PUBLIC_API_HOST', 'https://api.example.com/api', 'apiHost', 'bare host name'],
    ['PUBLIC_REPLAYS_SESSION_SAMPLE_RATE', '2', 'replaysSessionSampleRate', 'from 0 to 1'],
    ['PUBLIC_TRACES_SAMPLE_RATE', 'all', 'tracesSampleRate', 'a number from 0 to 1'],
    ['PUBLIC_DRACO_DECODER', 'cdn', 'dracoDecoder', '"self"'],
  ])('rejects %s=%j, naming the field, the value and the expected form', (variable, value, field, expected) => {
    const message = errorOf({ [variable]: value });
    expect(message).toContain(`${field} (${variable}) is ${JSON.stringify(value)}`);
    expect(message).toContain(expected);
  });

  it('lists the fields still at their example values', () => {
    expect(fieldsAtExampleValues(load({})).map((entry) => entry.field)).toEqual(Object.keys(exampleValues));
    const launched = fieldsAtExampleValues(load({ PUBLIC_CONTACT_EMAIL: 'team@tablemates.app' }));
    expect(launched.map((entry) => entry.field)).not.toContain('contactEmail');
  });
});

const run = promisify(execFile);

describe('npm run check:release', () => {
  it('lists example values and exits non-zero', async () => {
    const failure = await run('node', ['scripts/check-release.ts']).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('contactEmail = "hello@example.com"');
  });
});
