import { describe, expect, it } from 'vitest';
import { releaseProblems } from '../../scripts/check-release.ts';
import { availableLocales, ConfigError, envName, fieldsAtExampleValues, loadConfig } from '../../src/config/index.ts';
import { example } from '../../src/config/example.ts';
import { appIds, siteValues } from '../fixtures/siteValues.ts';

/** What the release check says of these values, with these deploy variables. */
const problemsOf = (values: Record<string, unknown>, env: Record<string, string | undefined> = {}) =>
  releaseProblems(loadConfig(env, values), values);

const load = (env: Record<string, string>, values: Record<string, unknown> = {}) =>
  loadConfig(env, { ...siteValues, ...values });
const errorOf = (env: Record<string, string>, values: Record<string, unknown> = {}) => {
  try {
    load(env, values);
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

  it("takes a deploy's values from its PUBLIC_* variables, and no other field", () => {
    const config = load({ PUBLIC_SITE_URL: 'https://forkful.app', PUBLIC_CONTACT_EMAIL: 'team@forkful.app' });
    expect(config.siteUrl).toBe('https://forkful.app');
    expect(config.contactEmail).toBe('hello@example.com');
  });

  it.each([
    ['PUBLIC_SITE_URL', 'http://example.com', 'siteUrl', 'an https:// URL'],
    ['PUBLIC_APPLE_TEAM_ID', 'abcde12345', 'appleTeamId', '10 upper-case letters or digits'],
    ['PUBLIC_IOS_BUNDLE_ID', 'tablemates', 'iosBundleId', 'reverse-DNS bundle id'],
    ['PUBLIC_ANDROID_PACKAGE', 'com.example.2fast', 'androidPackage', 'Android package name'],
    ['PUBLIC_ANDROID_CERT_FINGERPRINTS', '14:6D:E9', 'androidCertFingerprints', '32 colon-separated hex pairs'],
  ])('rejects %s=%j, naming the variable, the value and the expected form', (variable, value, field, expected) => {
    const message = errorOf({ [variable]: value });
    expect(message).toContain(`${field} (${variable}) is ${JSON.stringify(value)}`);
    expect(message).toContain(expected);
  });

  it('rejects a languages list not English first, with one that has no folder or one repeated, naming the field, the value and the form', () => {
    for (const [languages, named] of [
      [['xx', 'en'], 'languages (site.config.ts) is ["xx","en"]'],
      [['en', 'xx'], 'languages (site.config.ts) is ["en","xx"]'],
      [['en', 'en'], 'languages (site.config.ts) is ["en","en"]'],
      ['en', 'languages (site.config.ts) is "en"'],
    ] as const) {
      const message = errorOf({}, { languages });
      expect(message).toContain(named);
      expect(message).toContain(
        `expected a list of the site's languages, en first, each once, each a folder of src/content/i18n/ (${availableLocales().join(', ')})`,
      );
    }
  });

  it('refuses a language code the addresses and the legal record cannot carry, naming it and the form', () => {
    for (const code of ['pt_BR', 'pt.BR', 'Portuguese'])
      expect(errorOf({}, { languages: ['en', code] })).toContain(
        `"${code}" is not a language code; expected a BCP-47 language, with its script or region if any, like es, pt-BR or zh-Hant`,
      );
  });

  it("refuses every language's folder as invitePath, naming it", () => {
    for (const locale of availableLocales())
      expect(errorOf({}, { invitePath: `/${locale}` })).toContain(
        `invitePath (site.config.ts) is "/${locale}"; expected an address the site does not already serve`,
      );
  });

  it('publishes English only, unless languages names others', () => {
    expect(load({}, { languages: undefined }).languages).toEqual(['en']);
    expect(load({}, { languages: availableLocales() }).languages).toEqual(availableLocales());
  });

  it.each([
    ['contactEmail', 'hello-at-example.com', 'an email address'],
    ['appStoreUrl', 'https://play.google.com/store/apps/x', 'https://apps.apple.com'],
    ['appStoreUrl', 'https://apps.apple.com/app/tablemates', 'ending in its id'],
    ['productName', '  ', 'non-empty product name'],
    ['apiHost', 'https://api.example.com/api', 'bare host name'],
    ['replaysSessionSampleRate', 2, 'from 0 to 1'],
    ['tracesSampleRate', 'all', 'a number from 0 to 1'],
    ['monitoringRetentionDays', 30.5, 'a whole number of days'],
    ['smsConsentScreenshot', 'images/shot.png', 'the path of an image under public/'],
    ['smsConsentScreenshot', '/../secret.png', 'the path of an image under public/'],
    ['aiProvider', ' ', 'a value while features.ai is true'],
    ['appLinkPaths', ['invite/*'], 'paths starting with /'],
    ['invitePath', 'join', 'one lower-case path segment, like /join'],
    ['invitePath', '/join/group', 'one lower-case path segment, like /join'],
    ['invitePath', '/privacy', 'an address the site does not already serve'],
    ['invitePath', '/support', 'an address the site does not already serve'],
    ['inviteCodeMaxLength', 0, 'a whole number of letters and digits from 1 to 64'],
    ['inviteCodeMinLength', 'six', 'a whole number of letters and digits'],
  ] as [string, unknown, string][])(
    'rejects %s = %j, naming the field, the value and the expected form',
    (field, value, expected) => {
      const message = errorOf({}, { [field]: value });
      // A list names its bad item: appLinkPaths[0].
      const [at, shown] = Array.isArray(value) ? [`${field}[0]`, value[0]] : [field, value];
      expect(message).toContain(`${at} (site.config.ts) is ${JSON.stringify(shown)}`);
      expect(message).toContain(expected);
    },
  );

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

  it.each([
    [
      {
        social: [...siteValues.social, { name: 'YouTube', icon: 'you-tube', url: 'https://www.youtube.com/@forkful' }],
      },
      {},
      'social[2].icon (site.config.ts) is "you-tube"; expected a Simple Icons slug, like "youtube"',
    ],
    [
      { social: [{ name: 'TikTok', icon: 'tiktok', url: 'http://www.tiktok.com/@forkful' }] },
      {},
      'social[0].url (site.config.ts) is "http://www.tiktok.com/@forkful"; expected an https:// URL',
    ],
    [
      { social: 'https://www.tiktok.com/@forkful' },
      {},
      'social (site.config.ts) is "https://www.tiktok.com/@forkful"; expected a list of networks like [{ name: "YouTube"',
    ],
    [
      { social: [{ name: ' ', icon: 'tiktok', url: 'https://www.tiktok.com/@forkful' }] },
      {},
      'social[0].name (site.config.ts) is " "; expected a network name, like "YouTube"',
    ],
  ])('rejects a bad social network (%#), naming the entry, the value and the expected form', (values, env, line) => {
    expect(() => loadConfig(env, { ...siteValues, ...values })).toThrow(line);
  });

  it('takes certificate fingerprints as a comma-separated list', () => {
    const [first] = appIds.androidCertFingerprints;
    const fingerprints = (value: string, androidPackage = '') =>
      load({ PUBLIC_ANDROID_CERT_FINGERPRINTS: value }, { androidPackage }).androidCertFingerprints;
    expect(fingerprints(` ${first!.toLowerCase()} ,`, appIds.androidPackage)).toEqual([first]);
    expect(fingerprints('')).toEqual([]);
  });

  it('shows the 3D scene and keeps none of the template media unless told, and takes both choices', () => {
    expect(load({})).toMatchObject({ scene: true, keepTemplateMedia: [] });
    expect(load({}, { scene: false, keepTemplateMedia: ['model', 'footage'] })).toMatchObject({
      scene: false,
      keepTemplateMedia: ['model', 'footage'],
    });
  });

  it.each([
    [{ scene: 'no' }, 'scene (site.config.ts) is "no"; expected true (the landing page shows the 3D scene) or false'],
    [
      { keepTemplateMedia: ['model', 'logo'] },
      `keepTemplateMedia[1] (site.config.ts) is "logo"; expected one of footage, model (the template's media you keep on purpose)`,
    ],
    [
      { keepTemplateMedia: 'model' },
      `keepTemplateMedia (site.config.ts) is "model"; expected a list of the template's media you keep on purpose, each once, of footage, model, like ['model']`,
    ],
    [
      { keepTemplateMedia: ['model', 'model'] },
      `keepTemplateMedia (site.config.ts) is ["model","model"]; expected a list of the template's media you keep on purpose, each once`,
    ],
  ])('rejects a bad media choice (%j), naming the field, the value and the expected form', (values, line) => {
    expect(errorOf({}, values)).toContain(line);
  });

  it('lists the fields still at their example values', () => {
    const fields = (env: Record<string, string>) =>
      fieldsAtExampleValues(load(env), siteValues).map((entry) => entry.field);
    expect(fields({})).toEqual(['contactEmail', 'siteUrl']);
    expect(fields({ PUBLIC_SITE_URL: 'https://forkful.app' })).toEqual(['contactEmail']);
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
    // Replaced: no longer listed.
    const replaced = { ...values, social: siteValues.social };
    expect(fieldsAtExampleValues(loadConfig({}, replaced), replaced).map((entry) => entry.field)).not.toContain(
      'social',
    );
  });
});

describe('npm run check:release', () => {
  const consentScreenshotMissing =
    "smsConsentScreenshot = (empty)  (a screenshot of the app's sign-up screen showing the SMS consent wording, under public/; set it in site.config.ts)";

  it('names each field still at its example value and how to set it', () => {
    expect(problemsOf(siteValues, {})).toEqual([
      'contactEmail = "hello@example.com"  (set it in site.config.ts)',
      'siteUrl = "https://example.com"  (set it in site.config.ts or PUBLIC_SITE_URL)',
      consentScreenshotMissing,
    ]);
  });

  it('lists the SMS consent screenshot while it is empty', () => {
    const ready = { ...siteValues, contactEmail: 'a@forkful.app', siteUrl: 'https://forkful.app' };
    expect(problemsOf(ready, {})).toEqual([consentScreenshotMissing]);
    expect(problemsOf({ ...ready, smsConsentScreenshot: '/images/sms-consent.png' }, {})).toEqual([]);
  });

  it('lists the governing state while it is empty, even written as a plain empty value', () => {
    const ready = {
      ...siteValues,
      contactEmail: 'a@forkful.app',
      siteUrl: 'https://forkful.app',
      smsConsentScreenshot: '/images/sms-consent.png',
    };
    expect(problemsOf({ ...ready, governingState: '' }, {})).toEqual([
      'governingState = (empty)  (the US state whose law governs the terms; set it in site.config.ts)',
    ]);
    expect(problemsOf({ ...ready, governingState: example('') }, {})).toHaveLength(1);
  });

  it('says which app ids are unset and what is missing without them', () => {
    const unset = { ...siteValues, appleTeamId: example(''), iosBundleId: example(''), androidPackage: example('') };
    // After the two example fields of the fixture, before the consent screenshot.
    const problems = problemsOf({ ...unset, androidCertFingerprints: example([]) }, {}).slice(2, -1);
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
    expect(problemsOf(notOnAndroid, iosSet).slice(2)).toEqual([consentScreenshotMissing]);
  });

  it('lists the optional legal fields (EU and UK representative, governing state) while unset', () => {
    const ready = { ...siteValues, contactEmail: 'a@forkful.app', siteUrl: 'https://forkful.app' };
    const unset = { ...ready, euRepresentative: example(''), governingState: example('') };
    expect(problemsOf(unset, {}).map((problem) => problem.split(' ')[0])).toEqual([
      'euRepresentative',
      'governingState',
      'smsConsentScreenshot',
    ]);
    const named = { ...unset, euRepresentative: 'Forkful EU Rep GmbH, Berlin', governingState: 'Oregon' };
    expect(problemsOf(named, {})).toEqual([consentScreenshotMissing]);
  });

  it('passes once every example is replaced and the screenshot is set', () => {
    expect(
      problemsOf({
        ...siteValues,
        contactEmail: 'a@forkful.app',
        siteUrl: 'https://forkful.app',
        smsConsentScreenshot: '/images/sms-consent.png',
      }),
    ).toEqual([]);
  });
});
