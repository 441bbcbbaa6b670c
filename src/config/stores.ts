/**
 * The app in the stores and its identities: each identity pair publishes a file under /.well-known/ that lets the app
 * open this site's links and fill in the text-message codes with one tap (docs/app-links.md).
 */
import { z } from 'zod';
import { httpsUrl, list, optional } from './fields.ts';

export const storeFields = {
  /**
   * The App Store listing; its numeric id also feeds the smart app banner.
   * @example 'https://apps.apple.com/app/tablemates/id1234567890'
   */
  appStoreUrl: httpsUrl('https://apps.apple.com/app/tablemates/id1234567890', 'apps.apple.com').refine(
    (value) => /\/id\d+(?:[/?#]|$)/.test(value),
    'an App Store listing URL ending in its id, like https://apps.apple.com/app/tablemates/id1234567890',
  ),
  /**
   * The Apple Developer Team ID (Membership details), the prefix of the app identifier; '' where the app is not on iOS.
   * @example 'ABCDE12345'
   */
  appleTeamId: optional(/^[A-Z0-9]{10}$/, '10 upper-case letters or digits, like ABCDE12345'),
  /**
   * The iOS app's bundle id.
   * @example 'com.example.tablemates'
   */
  iosBundleId: optional(/^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/, 'a reverse-DNS bundle id, like com.example.tablemates'),
  /**
   * Site paths the iOS app opens instead of the browser (universal links, `*` and `?` wildcards); the invite address
   * is added to them. Empty: every page stays a web page.
   * @example ['/invite/*']
   */
  appLinkPaths: z.array(
    z
      .string()
      .regex(/^\/[^\s,]*$/, 'paths starting with /, like /invite/*')
      .refine((path) => !path.startsWith('/.well-known/'), 'paths outside /.well-known/, like /invite/*'),
    'a list of paths, like ["/invite/*"]',
  ),
  /**
   * The Android app's package name; also adds the Google Play button.
   * @example 'com.example.tablemates'
   */
  androidPackage: optional(
    /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/,
    'an Android package name, like com.example.tablemates',
  ),
  /**
   * The signing certificates' SHA-256 fingerprints (Play Console: App integrity), as `keytool -list` prints them.
   * @example ['14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5']
   */
  androidCertFingerprints: list(
    z
      .string()
      .regex(
        /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/i,
        'SHA-256 fingerprints, each 32 colon-separated hex pairs (14:6D:E9:...), as the Play Console shows them',
      )
      .transform((value) => value.toUpperCase()),
  ),
};

/**
 * Fields that only mean something together: one set without the other stops the build, naming both, since half an
 * app association publishes nothing and would silently leave the app unverified.
 */
export const fieldPairs = [
  { fields: ['appleTeamId', 'iosBundleId'], purpose: 'the iOS app association' },
  { fields: ['androidPackage', 'androidCertFingerprints'], purpose: 'the Android app association' },
] as const;
