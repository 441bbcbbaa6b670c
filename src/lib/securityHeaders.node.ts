/**
 * The one source of the site's HTTP response headers: the security headers and the caching rules. The last build
 * hook (src/integrations/securityHeaders.ts) feeds it the built HTML and writes the same values for every place that
 * serves the site: the nginx include, `dist/_headers` (Netlify, Cloudflare Pages) and `vercel.json`, so they never
 * drift.
 *
 * The Content-Security-Policy allows inline scripts and styles only by hash, and the hashes come from the built pages,
 * so whatever inline code a page gains is covered by the next build and nothing else is.
 */
import { createHash } from 'node:crypto';
import { parse } from 'ultrahtml';
import { appleAppSiteAssociationPath, assetLinksPath } from './appLinks.ts';
import { decodeEntities, elementsOf, rawTextOf } from './html.ts';
import type { SiteConfig } from './config.ts';
import { dracoDecoderPaths } from './media.ts';
import { cspReportUrl } from './monitoring/dsn.ts';
import { monitoringConnectSrc } from './monitoring/settings.ts';

/** The inline code of some HTML, exactly as the browser hashes it. */
export interface InlineCode {
  scripts: string[];
  styles: string[];
  /** Values of `style="..."` attributes (entity-decoded, as the browser sees them). */
  styleAttributes: string[];
}

/** Collects every inline `<script>` (without `src`), `<style>` and `style` attribute of an HTML document. */
export function inlineCode(html: string): InlineCode {
  const found: InlineCode = { scripts: [], styles: [], styleAttributes: [] };
  for (const element of elementsOf(parse(html))) {
    const { name, attributes } = element;
    if (name === 'script' && !('src' in attributes)) found.scripts.push(rawTextOf(element));
    if (name === 'style') found.styles.push(rawTextOf(element));
    // The browser hashes attribute values decoded.
    if ('style' in attributes) found.styleAttributes.push(decodeEntities(attributes.style ?? ''));
  }
  return found;
}

/** A CSP hash source: `'sha256-<base64>'` of the UTF-8 bytes. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The name CSP's report-to and the Reporting-Endpoints header share. */
const reportGroup = 'csp-endpoint';

export interface PolicyInputs {
  config: Pick<SiteConfig, 'sentryDsn' | 'dracoDecoder'>;
  /** The inline code of every built page, merged: one policy serves the whole site. */
  inline: InlineCode;
  /** Whether a 3D model embeds images: three's GLTFLoader then fetches them from `blob:` URLs. */
  modelsEmbedImages?: boolean;
}

const unique = (values: string[]) => [...new Set(values)];

/** The Content-Security-Policy of the site, as one header value. */
export function contentSecurityPolicy({ config, inline, modelsEmbedImages = false }: PolicyInputs): string {
  const publicDecoder = config.dracoDecoder === 'public' ? [new URL(dracoDecoderPaths.public).origin] : [];
  const styleAttributeHashes = unique(inline.styleAttributes.map(hashSource));
  const reportUrl = config.sentryDsn ? cspReportUrl(config.sentryDsn) : undefined;
  const directives: [string, string[]][] = [
    // Nothing is allowed unless a directive below names it.
    ['default-src', ["'none'"]],
    // 'wasm-unsafe-eval' lets the Draco decoder compile its WebAssembly; it does not allow eval() of JavaScript.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...unique(inline.scripts.map(hashSource))]],
    ['style-src', ["'self'", ...unique(inline.styles.map(hashSource))]],
    // Style attributes in the served HTML are allowed one by one, by hash ('unsafe-hashes' is how CSP names that).
    ...(styleAttributeHashes.length > 0
      ? [['style-src-attr', ["'unsafe-hashes'", ...styleAttributeHashes]] as [string, string[]]]
      : []),
    ['img-src', ["'self'", 'data:', ...(modelsEmbedImages ? ['blob:'] : [])]],
    ['font-src', ["'self'"]],
    ['media-src', ["'self'"]],
    // The Draco decoder files are fetched (not run as <script>), so the public decoder host belongs here only.
    [
      'connect-src',
      ["'self'", ...monitoringConnectSrc(config), ...publicDecoder, ...(modelsEmbedImages ? ['blob:'] : [])],
    ],
    // 'self': the 3D scene's worker (src/lib/scene/sceneWorker.client.ts) and Sentry Replay's compression worker
    // (src/lib/monitoring/replay.client.ts) are files of this site. blob: is needed: inside the scene's worker,
    // three's DRACOLoader starts its decoder worker from a Blob URL of its own code
    // (DRACOLoader.js, `URL.createObjectURL(new Blob([body]))`).
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]],
    // Violations go to monitoring when it is on (report-uri for browsers without the Reporting API).
    ...(reportUrl
      ? ([
          ['report-uri', [reportUrl]],
          ['report-to', [reportGroup]],
        ] as [string, string[]][])
      : []),
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

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

/** Every security header, in the order they are written; the same on every response. */
export function securityHeaders(inputs: PolicyInputs): Record<string, string> {
  const reportUrl = inputs.config.sentryDsn ? cspReportUrl(inputs.config.sentryDsn) : undefined;
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': deniedFeatures.map((feature) => `${feature}=()`).join(', '),
    'Cross-Origin-Opener-Policy': 'same-origin',
    // For browsers that predate CSP's frame-ancestors.
    'X-Frame-Options': 'DENY',
    ...(reportUrl ? { 'Reporting-Endpoints': `${reportGroup}="${reportUrl}"` } : {}),
  };
}

/** Caching: hashed build assets never change under their name; everything else is revalidated or kept a day. */
export const cacheControl = {
  /** `/_astro/*`: file names carry a content hash. */
  hashed: 'public, max-age=31536000, immutable',
  /** HTML: always revalidated (cheap 304s), so a deploy shows at once. */
  html: 'no-cache',
  /** Media and other unhashed files keep their names when replaced: a day, then revalidated. */
  other: 'public, max-age=86400',
} as const;

/** The path prefix of hashed build assets. */
export const hashedAssetsPath = '/_astro/';

/**
 * The app-association files (src/lib/appLinks.ts). iOS and Android accept them only as JSON (the Apple one has no
 * extension, so every host must be told), answered 200 without a redirect; kept an hour, so a new app id or
 * certificate reaches phones (and Apple's CDN, which fetches on their behalf) the same day.
 */
export const appLinkFileHeaders = {
  paths: [appleAppSiteAssociationPath, assetLinksPath],
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' },
} as const;

/**
 * A header value as an nginx double-quoted string: `"` and `\\` are escaped; `$` would start a variable and a line
 * break would end the header, so both are refused.
 */
function nginxString(name: string, value: string) {
  if (/[$\n\r]/.test(value)) {
    throw new Error(`Header ${name} has the value ${JSON.stringify(value)}; expected no $ or line break.`);
  }
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

const generatedNote =
  '# Generated at build (src/integrations/securityHeaders.ts) from src/lib/securityHeaders.node.ts: do not edit.';

/**
 * The nginx server-level include: one `add_header` per security header plus Cache-Control, `always` so error
 * responses carry them too.
 */
export function nginxInclude(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(
    ([name, value]) => `add_header ${name} ${nginxString(name, value)} always;`,
  );
  return `${generatedNote}\n${lines.join('\n')}\nadd_header Cache-Control $tablemates_cache_control always;\n`;
}

/** The nginx http-level include: picks the Cache-Control value by path and by the type of the response. */
export function nginxCacheMap(): string {
  return `${generatedNote}
map $sent_http_content_type $tablemates_cache_by_type {
  ~^text/html "${cacheControl.html}";
  default "${cacheControl.other}";
}
map $uri $tablemates_cache_control {
  ~^${hashedAssetsPath} "${cacheControl.hashed}";
${appLinkFileHeaders.paths.map((path) => `  "${path}" "${appLinkFileHeaders.headers['Cache-Control']}";`).join('\n')}
  default $tablemates_cache_by_type;
}
`;
}

/**
 * The nginx server-level include for the app-association files: their type, whatever their extension (no charset
 * parameter, as the other hosts send it). Cache-Control comes from the map above; no `add_header` here, so these
 * locations keep the server's security headers.
 */
export function nginxAppLinkLocations(): string {
  const blocks = appLinkFileHeaders.paths.map(
    (path) =>
      `location = ${path} {\n  types { }\n  default_type ${appLinkFileHeaders.headers['Content-Type']};\n  charset off;\n}`,
  );
  return `${generatedNote}\n${blocks.join('\n')}\n`;
}

/** `_headers` for Netlify and Cloudflare Pages (read from the published directory). */
export function headersFile(headers: Record<string, string>): string {
  const block = (path: string, entries: Record<string, string>) =>
    [path, ...Object.entries(entries).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${generatedNote}\n${[
    block('/*', headers),
    block(`${hashedAssetsPath}*`, { 'Cache-Control': cacheControl.hashed }),
    ...appLinkFileHeaders.paths.map((path) => block(path, appLinkFileHeaders.headers)),
  ].join('\n')}\n`;
}

/** `vercel.json`: the same headers, plus the build settings and clean URLs (`/privacy` serves privacy.html). */
export function vercelJson(headers: Record<string, string>): string {
  const list = (entries: Record<string, string>) => Object.entries(entries).map(([key, value]) => ({ key, value }));
  const json = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    buildCommand: 'npm run build',
    outputDirectory: 'dist',
    cleanUrls: true,
    trailingSlash: false,
    headers: [
      { source: '/(.*)', headers: list(headers) },
      { source: `${hashedAssetsPath}(.*)`, headers: list({ 'Cache-Control': cacheControl.hashed }) },
      ...appLinkFileHeaders.paths.map((source) => ({ source, headers: list(appLinkFileHeaders.headers) })),
    ],
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}
