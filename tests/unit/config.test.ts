import { describe, expect, it } from 'vitest';
import { releaseProblems } from '../../scripts/check-release.ts';
import { ConfigError, envName, fieldsAtExampleValues, loadConfig } from '../../src/lib/config.ts';
import { example } from '../../src/lib/example.ts';
import { appIds, siteValues } from '../fixtures/siteValues.ts';

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
    ['PUBLIC_PRODUCT_NAME', '  ', 'productName', 'non-empty product name'],
    ['PUBLIC_API_HOST', 'https://api.example.com/api', 'apiHost', 'bare host name'],
    ['PUBLIC_REPLAYS_SESSION_SAMPLE_RATE', '2', 'replaysSessionSampleRate', 'from 0 to 1'],
    ['PUBLIC_TRACES_SAMPLE_RATE', 'all', 'tracesSampleRate', 'a number from 0 to 1'],
    ['PUBLIC_MONITORING_RETENTION_DAYS', '30.5', 'monitoringRetentionDays', 'a whole number of days'],
    ['PUBLIC_SMS_CONSENT_SCREENSHOT', 'images/shot.png', 'smsConsentScreenshot', 'the path of an image under public/'],
    ['PUBLIC_SMS_CONSENT_SCREENSHOT', '/../secret.png', 'smsConsentScreenshot', 'the path of an image under public/'],
    ['PUBLIC_AI_PROVIDER', ' ', 'aiProvider', 'the name of the AI provider'],
    ['PUBLIC_APPLE_TEAM_ID', 'abcde12345', 'appleTeamId', '10 upper-case letters or digits'],
    ['PUBLIC_IOS_BUNDLE_ID', 'tablemates', 'iosBundleId', 'reverse-DNS bundle id'],
    ['PUBLIC_ANDROID_PACKAGE', 'com.example.2fast', 'androidPackage', 'Android package name'],
    ['PUBLIC_ANDROID_CERT_FINGERPRINTS', '14:6D:E9', 'androidCertFingerprints', '32 colon-separated hex pairs'],
    ['PUBLIC_APP_LINK_PATHS', 'invite/*', 'appLinkPaths', 'paths starting with /'],
    ['PUBLIC_INVITE_PATH', 'join', 'invitePath', 'one lower-case path segment, like /join'],
    ['PUBLIC_INVITE_PATH', '/join/group', 'invitePath', 'one lower-case path segment, like /join'],
    ['PUBLIC_INVITE_PATH', '/privacy', 'invitePath', 'an address no other page or folder uses'],
    ['PUBLIC_INVITE_CODE_MAX_LENGTH', '0', 'inviteCodeMaxLength', 'a whole number of letters and digits from 1 to 64'],
    ['PUBLIC_INVITE_CODE_MIN_LENGTH', 'six', 'inviteCodeMinLength', 'a whole number of letters and digits'],
  ])('rejects %s=%j, naming the field, the value and the expected form', (variable, value, field, expected) => {
    const message = errorOf({ [variable]: value });
    expect(message).toContain(`${field} (${variable}) is ${JSON.stringify(value)}`);
    expect(message).toContain(expected);
  });

  it.each([
    [
      { PUBLIC_APPLE_TEAM_ID: 'ABCDE12345' },
      'appleTeamId (PUBLIC_APPLE_TEAM_ID) is "ABCDE12345" but iosBundleId (site.config.ts) is ""',
      'the iOS',
    ],
    [
      { PUBLIC_IOS_BUNDLE_ID: 'app.forkful.ios' },
      'appleTeamId (site.config.ts) is "" but iosBundleId (PUBLIC_IOS_BUNDLE_ID) is "app.forkful.ios"',
      'the iOS',
    ],
    [
      { PUBLIC_ANDROID_PACKAGE: 'app.forkful.android' },
      'androidPackage (PUBLIC_ANDROID_PACKAGE) is "app.forkful.android" but androidCertFingerprints (site.config.ts) is []',
      'the Android',
    ],
    [
      { PUBLIC_ANDROID_CERT_FINGERPRINTS: appIds.androidCertFingerprints[0]! },
      `androidPackage (site.config.ts) is "" but androidCertFingerprints (PUBLIC_ANDROID_CERT_FINGERPRINTS) is "${appIds.androidCertFingerprints[0]}"`,
      'the Android',
    ],
  ])('rejects half an app id pair (%j), naming both fields and their values', (env, fields, platform) => {
    const message = errorOf(env);
    expect(message).toContain(`${fields}; expected both set (${platform} app association) or both empty`);
  });

  it('takes the social networks as a JSON list in PUBLIC_SOCIAL', () => {
    const youtube = { name: 'YouTube', icon: 'youtube', url: 'https://www.youtube.com/@forkful' };
    const config = load({ PUBLIC_SOCIAL: JSON.stringify([...siteValues.social, youtube]) });
    expect(config.social.map((network) => network.name)).toEqual(['Instagram', 'TikTok', 'YouTube']);
  });

  it.each([
    [
      {
        social: [...siteValues.social, { name: 'YouTube', icon: 'you-tube', url: 'https://www.youtube.com/@forkful' }],
      },
      {},
      'social[2].icon (site.config.ts) is "you-tube"; expected a Simple Icons slug, like "youtube"',
    ],
    [
      siteValues,
      { PUBLIC_SOCIAL: '[{"name":"TikTok","icon":"tiktok","url":"http://www.tiktok.com/@forkful"}]' },
      'social[0].url (PUBLIC_SOCIAL) is "http://www.tiktok.com/@forkful"; expected an https:// URL',
    ],
    [
      siteValues,
      { PUBLIC_SOCIAL: 'https://www.tiktok.com/@forkful' },
      'social (PUBLIC_SOCIAL) is "https://www.tiktok.com/@forkful"; expected a list of networks like [{ name: "YouTube"',
    ],
    [
      { social: [{ name: ' ', icon: 'tiktok', url: 'https://www.tiktok.com/@forkful' }] },
      {},
      'social[0].name (site.config.ts) is " "; expected a network name, like "YouTube"',
    ],
  ])('rejects a bad social network (%#), naming the entry, the value and the expected form', (values, env, line) => {
    expect(() => loadConfig(env, { ...siteValues, ...values })).toThrow(line);
  });

  it('takes app link paths and certificate fingerprints as comma-separated lists', () => {
    const config = load({ PUBLIC_APP_LINK_PATHS: ' /invite/*, /group/? ,', PUBLIC_ANDROID_CERT_FINGERPRINTS: '' });
    expect(config.appLinkPaths).toEqual(['/invite/*', '/group/?']);
    expect(config.androidCertFingerprints).toEqual([]);
  });

  it('lists the fields still at their example values', () => {
    const fields = (env: Record<string, string>) =>
      fieldsAtExampleValues(load(env), siteValues).map((entry) => entry.field);
    expect(fields({})).toEqual(['contactEmail', 'siteUrl']);
    expect(fields({ PUBLIC_CONTACT_EMAIL: 'team@forkful.app' })).toEqual(['siteUrl']);
  });

  it('lists a social network whose url is still the example, by its place in the list', () => {
    const [instagram, tiktok] = siteValues.social;
    const values = {
      ...siteValues,
      social: [instagram, { ...tiktok, url: example('https://www.tiktok.com/@example') }],
    };
    expect(fieldsAtExampleValues(loadConfig({}, values), values)).toContainEqual({
      field: 'social',
      path: 'social[1].url',
      value: 'https://www.tiktok.com/@example',
    });
    // Replaced, through the environment as at build: no longer listed.
    const replaced = { PUBLIC_SOCIAL: JSON.stringify(siteValues.social) };
    expect(fieldsAtExampleValues(loadConfig(replaced, values), values).map((entry) => entry.field)).not.toContain(
      'social',
    );
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

  it('lists the governing state while it is empty, even written as a plain empty value', () => {
    const ready = { ...siteValues, contactEmail: 'a@forkful.app', siteUrl: 'https://forkful.app' };
    const env = { PUBLIC_SMS_CONSENT_SCREENSHOT: '/images/sms-consent.png' };
    expect(releaseProblems({ ...ready, governingState: '' }, env)).toEqual([
      'governingState = (empty)  (the US state whose law governs the terms; set it in site.config.ts or PUBLIC_GOVERNING_STATE)',
    ]);
    expect(releaseProblems({ ...ready, governingState: example('') }, env)).toHaveLength(1);
  });

  it('says which app ids are unset and what is missing without them', () => {
    const unset = { ...siteValues, appleTeamId: example(''), iosBundleId: example(''), androidPackage: example('') };
    // After the two example fields of the fixture, before the consent screenshot.
    const problems = releaseProblems({ ...unset, androidCertFingerprints: example([]) }, {}).slice(2, -1);
    expect(problems.map((problem) => problem.split(' is unset: ')[0])).toEqual([
      'appleTeamId',
      'iosBundleId',
      'androidPackage',
      'androidCertFingerprints',
    ]);
    expect(problems[0]).toContain('no /.well-known/apple-app-site-association');
    expect(problems[0]).toContain('PUBLIC_APPLE_TEAM_ID');
    expect(problems[2]).toContain('no Google Play button');
    expect(problems[3]).toContain('no /.well-known/assetlinks.json');
    // Set (by the environment, as at build) or declared absent with a plain '': no longer listed.
    const iosSet = { PUBLIC_APPLE_TEAM_ID: appIds.appleTeamId, PUBLIC_IOS_BUNDLE_ID: appIds.iosBundleId };
    const notOnAndroid = { ...unset, androidPackage: '', androidCertFingerprints: [] };
    expect(releaseProblems(notOnAndroid, iosSet).slice(2)).toEqual([consentScreenshotMissing]);
  });

  it('lists the optional legal fields (EU and UK representative, governing state) while unset', () => {
    const ready = { ...siteValues, contactEmail: 'a@forkful.app', siteUrl: 'https://forkful.app' };
    const unset = { ...ready, euRepresentative: example(''), governingState: example('') };
    expect(releaseProblems(unset, {}).map((problem) => problem.split(' ')[0])).toEqual([
      'euRepresentative',
      'governingState',
      'smsConsentScreenshot',
    ]);
    const named = { PUBLIC_EU_REPRESENTATIVE: 'Forkful EU Rep GmbH, Berlin', PUBLIC_GOVERNING_STATE: 'Oregon' };
    expect(releaseProblems(unset, named)).toEqual([consentScreenshotMissing]);
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
