/**
 * The files that let the app claim this site (its "associated domain"): iOS and Android fetch them from
 * `/.well-known/` before they open the site's links in the app or offer the app the site's sign-in codes and
 * credentials. Pure functions of the config; src/pages/.well-known/[file].ts serves what they return, and only for a
 * platform whose ids are set (otherwise the file does not exist: 404).
 */
import type { SiteConfig } from '../config/index.ts';

type AppIds = Pick<
  SiteConfig,
  'appleTeamId' | 'iosBundleId' | 'appLinkPaths' | 'androidPackage' | 'androidCertFingerprints' | 'invitePath'
>;

export const appleAppSiteAssociationPath = '/.well-known/apple-app-site-association';
export const assetLinksPath = '/.well-known/assetlinks.json';

/**
 * The paths the iOS app opens instead of the browser: the configured ones, and the group invite links (`/join/*`)
 * when the invite address is on, as the app is what they invite to (docs/app-links.md#group-invites).
 */
export function appLinkPathsOf(config: Pick<AppIds, 'appLinkPaths' | 'invitePath'>): string[] {
  const invite = config.invitePath ? [`${config.invitePath}/*`] : [];
  return [...new Set([...config.appLinkPaths, ...invite])];
}

/**
 * apple-app-site-association: `applinks` names the paths the app opens (universal links; only those configured and
 * the invite links, so the site stays the site), `webcredentials` lets the app use this domain's passwords and, with
 * it, its domain-bound text-message codes. The current format (iOS 14+): `appIDs` and `components`.
 */
export function appleAppSiteAssociation(config: AppIds) {
  if (!config.appleTeamId || !config.iosBundleId) return undefined;
  const appId = `${config.appleTeamId}.${config.iosBundleId}`;
  return {
    applinks: {
      details: [{ appIDs: [appId], components: appLinkPathsOf(config).map((path) => ({ '/': path })) }],
    },
    webcredentials: { apps: [appId] },
  };
}

/**
 * assetlinks.json (Digital Asset Links): the app may open every link of the site it declares in its manifest
 * (`handle_all_urls`, verified App Links) and share its sign-in credentials (`get_login_creds`).
 */
export function assetLinks(config: AppIds) {
  if (!config.androidPackage || config.androidCertFingerprints.length === 0) return undefined;
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
      target: {
        namespace: 'android_app',
        package_name: config.androidPackage,
        sha256_cert_fingerprints: config.androidCertFingerprints,
      },
    },
  ];
}

/** The files this config publishes, by path (each a JSON document). */
export function appLinkFiles(config: AppIds): { path: string; json: unknown }[] {
  const files = [
    { path: appleAppSiteAssociationPath, json: appleAppSiteAssociation(config) },
    { path: assetLinksPath, json: assetLinks(config) },
  ];
  return files.filter((file) => file.json !== undefined);
}

/** The app's Google Play listing. */
export const googlePlayUrl = (androidPackage: string) =>
  `https://play.google.com/store/apps/details?id=${encodeURIComponent(androidPackage)}`;
