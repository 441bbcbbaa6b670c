import { describe, expect, it } from 'vitest';
import {
  appLinkFiles,
  appleAppSiteAssociation,
  appleAppSiteAssociationPath,
  assetLinks,
  assetLinksPath,
  googlePlayUrl,
} from '../../src/lib/appLinks.ts';
import { loadConfig } from '../../src/config/index.ts';
import { mobileApplication } from '../../src/lib/structuredData.ts';
import { appIds, siteValues } from '../fixtures/siteValues.ts';

const none = loadConfig({}, siteValues);
const both = loadConfig({}, { ...siteValues, ...appIds });

describe('apple-app-site-association', () => {
  it('names the app for shared credentials and opens no path by default', () => {
    expect(appleAppSiteAssociation(both)).toEqual({
      applinks: { details: [{ appIDs: ['ABCDE12345.app.forkful.ios'], components: [] }] },
      webcredentials: { apps: ['ABCDE12345.app.forkful.ios'] },
    });
  });

  it('lists the configured paths as universal-link components', () => {
    const config = loadConfig({}, { ...siteValues, ...appIds, appLinkPaths: ['/invite/*', '/group/?'] });
    expect(appleAppSiteAssociation(config)?.applinks.details[0]?.components).toEqual([
      { '/': '/invite/*' },
      { '/': '/group/?' },
    ]);
  });

  it('opens the group invite links in the app when the invite address is on, beside the configured paths', () => {
    const config = loadConfig({}, { ...siteValues, ...appIds, appLinkPaths: ['/invite/*'], invitePath: '/join' });
    expect(appleAppSiteAssociation(config)?.applinks.details[0]?.components).toEqual([
      { '/': '/invite/*' },
      { '/': '/join/*' },
    ]);
    // Listed once, even when the owner also wrote it.
    const twice = loadConfig({}, { ...siteValues, ...appIds, appLinkPaths: ['/join/*'], invitePath: '/join' });
    expect(appleAppSiteAssociation(twice)?.applinks.details[0]?.components).toEqual([{ '/': '/join/*' }]);
  });

  it('is not published without the iOS ids', () => {
    expect(appleAppSiteAssociation(none)).toBeUndefined();
  });
});

describe('assetlinks.json', () => {
  it('lets the app handle the links and share the sign-in credentials, for its package and certificates', () => {
    expect(assetLinks(both)).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
        target: {
          namespace: 'android_app',
          package_name: 'app.forkful.android',
          sha256_cert_fingerprints: appIds.androidCertFingerprints,
        },
      },
    ]);
  });

  it('lists every certificate, written upper case', () => {
    const lower = appIds.androidCertFingerprints[0]!.toLowerCase();
    const second = Array.from({ length: 32 }, (_, index) => index.toString(16).padStart(2, '0')).join(':');
    const config = loadConfig({ PUBLIC_ANDROID_CERT_FINGERPRINTS: `${lower},${second}` }, { ...siteValues, ...appIds });
    expect(assetLinks(config)?.[0]?.target.sha256_cert_fingerprints).toEqual([
      appIds.androidCertFingerprints[0],
      second.toUpperCase(),
    ]);
  });

  it('is not published without the Android ids', () => {
    expect(assetLinks(none)).toBeUndefined();
  });
});

describe('the published files', () => {
  it('are the ones whose ids are set', () => {
    expect(appLinkFiles(none)).toEqual([]);
    expect(appLinkFiles(both).map((file) => file.path)).toEqual([appleAppSiteAssociationPath, assetLinksPath]);
    const iosOnly = loadConfig({}, { ...siteValues, appleTeamId: 'ABCDE12345', iosBundleId: 'app.forkful.ios' });
    expect(appLinkFiles(iosOnly).map((file) => file.path)).toEqual([appleAppSiteAssociationPath]);
  });
});

describe('Google Play', () => {
  it('links the listing of the package', () => {
    expect(googlePlayUrl('app.forkful.android')).toBe(
      'https://play.google.com/store/apps/details?id=app.forkful.android',
    );
  });

  it('joins the App Store in the MobileApplication JSON-LD when the app is on Android', () => {
    expect(mobileApplication(both)).toMatchObject({
      operatingSystem: 'iOS, Android',
      installUrl: [both.appStoreUrl, 'https://play.google.com/store/apps/details?id=app.forkful.android'],
      downloadUrl: [both.appStoreUrl, 'https://play.google.com/store/apps/details?id=app.forkful.android'],
    });
    expect(mobileApplication(none)).toMatchObject({
      operatingSystem: 'iOS',
      installUrl: none.appStoreUrl,
      downloadUrl: none.appStoreUrl,
    });
  });
});
