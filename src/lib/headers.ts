/**
 * The site's HTTP policy as one table: the headers of every response and of a few paths, the cache rules, and each
 * page's own Content-Security-Policy beyond its scripts and styles. The build writes each host's file from it into
 * dist/ (src/lib/hostFiles.node.ts), vercel.ts hands it to Vercel, and the site integration (src/integrations/site.ts) gives Astro the page policy.
 */
import { appleAppSiteAssociationPath, assetLinksPath } from './appLinks.ts';
import type { SiteConfig } from '../config/index.ts';
import { monitoringConnectSrc } from './monitoring/settings.ts';

/**
 * The header policy, on every response. These directives hold whatever the page: `frame-ancestors` works only in a
 * header, and the others also bind responses that carry no meta policy (a worker, an SVG opened on its own).
 */
export const headerPolicy = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'none'";

/**
 * The policy of the site's hashed scripts (`/_astro/`). A worker runs under the policy of its own script's response:
 * the 3D scene's worker runs its code and the mesh decoder's WebAssembly and fetches nothing.
 */
export const scriptPolicy = `default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; ${headerPolicy}`;

/**
 * A page's own policy (Astro's `security.csp` writes it into each page's `<meta http-equiv>`, adding its scripts and
 * styles by hash): nothing unless named here, and the monitoring ingest only when a DSN is set.
 */
export const pageDirectives = (config: Pick<SiteConfig, 'sentryDsn'>) =>
  [
    "default-src 'none'",
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    `connect-src ${["'self'", ...monitoringConnectSrc(config)].join(' ')}`,
    // The 3D scene's and Sentry Replay's workers are files of this site; inside, they obey scriptPolicy.
    "worker-src 'self'",
    "manifest-src 'self'",
    // Repeated from the header policy, so a page copied to a host without our headers keeps them.
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ] as const;

/** Browser features the site never uses, all denied (only names Chromium recognises, so it logs no errors). */
export const deniedFeatures = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** Every security header, in the order they are written; the same on every response of every host. */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': headerPolicy,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': deniedFeatures.map((feature) => `${feature}=()`).join(', '),
  'Cross-Origin-Opener-Policy': 'same-origin',
  // For browsers that predate CSP's frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/** Caching: hashed build assets never change under their name; everything else is revalidated or kept a day. */
export const cacheControl = {
  /** `/_astro/*`: file names carry a content hash. */
  hashed: 'public, max-age=31536000, immutable',
  /** HTML (and every error and redirect): always revalidated (cheap 304s), so a deploy shows at once. */
  html: 'no-cache',
  /** Media and other unhashed files keep their names when replaced: a day, then revalidated. */
  other: 'public, max-age=86400',
} as const;

/** The path prefix of hashed build assets. */
export const hashedAssetsPath = '/_astro/';

/** What hashed build assets carry instead of the site-wide values: their own policy and cache. */
export const hashedAssetHeaders = {
  'Content-Security-Policy': scriptPolicy,
  'Cache-Control': cacheControl.hashed,
} as const;

/**
 * The app-association files (src/lib/appLinks.ts). iOS and Android accept them only as JSON (the Apple one has no
 * extension, so every host must be told), answered 200 without a redirect; kept an hour, so a new app id or
 * certificate reaches phones (and Apple's CDN, which fetches on their behalf) the same day.
 */
export const appLinkFileHeaders = {
  paths: [appleAppSiteAssociationPath, assetLinksPath],
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' },
} as const;
