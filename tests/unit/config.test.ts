import { describe, expect, it } from 'vitest';
import { releaseProblems } from '../../scripts/check-release.ts';
import { ConfigError, envName, fieldsAtExampleValues, loadConfig } from '../../src/lib/config.ts';
import { siteValues } from '../fixtures/siteValues.ts';

const load = (env: Record<string, string>) => loadConfig(env, siteValues);
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
  it('accepts a complete set of values, examples unwrapped', () => {
    const config = load({});
    expect(config.productName).toBe('Forkful');
    expect(config.contactEmail).toBe('hello@example.com');
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
    ['PUBLIC_MONITORING_RETENTION_DAYS', '30.5', 'monitoringRetentionDays', 'a whole number of days'],
    ['PUBLIC_SMS_CONSENT_SCREENSHOT', 'images/shot.png', 'smsConsentScreenshot', 'the path of an image under public/'],
    ['PUBLIC_SMS_CONSENT_SCREENSHOT', '/../secret.png', 'smsConsentScreenshot', 'the path of an image under public/'],
    ['PUBLIC_AI_PROVIDER', ' ', 'aiProvider', 'the name of the AI provider'],
  ])('rejects %s=%j, naming the field, the value and the expected form', (variable, value, field, expected) => {
    const message = errorOf({ [variable]: value });
    expect(message).toContain(`${field} (${variable}) is ${JSON.stringify(value)}`);
    expect(message).toContain(expected);
  });

  it('lists the fields still at their example values', () => {
    const fields = (env: Record<string, string>) =>
      fieldsAtExampleValues(load(env), siteValues).map((entry) => entry.field);
    expect(fields({})).toEqual(['contactEmail', 'siteUrl']);
    expect(fields({ PUBLIC_CONTACT_EMAIL: 'team@forkful.app' })).toEqual(['siteUrl']);
  });
});

describe('npm run check:release', () => {
  const consentScreenshotMissing =
    "smsConsentScreenshot = (empty)  (a screenshot of the app's sign-up screen showing the SMS consent wording, under public/; set it in site.config.ts or PUBLIC_SMS_CONSENT_SCREENSHOT)";

  it('names each field still at its example value and how to set it', () => {
    expect(releaseProblems(siteValues, {})).toEqual([
      'contactEmail = "hello@example.com"  (set it in site.config.ts or PUBLIC_CONTACT_EMAIL)',
      'siteUrl = "https://example.com"  (set it in site.config.ts or PUBLIC_SITE_URL)',
      consentScreenshotMissing,
    ]);
  });

  it('lists the SMS consent screenshot while it is empty', () => {
    const ready = { ...siteValues, contactEmail: 'a@forkful.app', siteUrl: 'https://forkful.app' };
    expect(releaseProblems(ready, {})).toEqual([consentScreenshotMissing]);
    expect(releaseProblems(ready, { PUBLIC_SMS_CONSENT_SCREENSHOT: '/images/sms-consent.png' })).toEqual([]);
  });

  it('passes once every example is replaced and the screenshot is set', () => {
    expect(
      releaseProblems(
        {
          ...siteValues,
          contactEmail: 'a@forkful.app',
          siteUrl: 'https://forkful.app',
          smsConsentScreenshot: '/images/sms-consent.png',
        },
        {},
      ),
    ).toEqual([]);
  });
});
