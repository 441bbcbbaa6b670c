/**
 * The one source of the site's HTTP response headers and of its Content-Security-Policy.
 *
 * The policy lives in two parts, so no host file depends on what a build produces:
 *   - the page's own policy, in a `<meta http-equiv>` at the top of each built page (src/integrations/pagePolicy.ts):
 *     every inline script and style of that page by hash, and each origin the page may reach. It follows the page, so
 *     an owner who edits CSS, a legal sentence or the config has nothing else to update;
 *   - the header policy, the same on every response: what a meta policy cannot carry (`frame-ancestors`) and what
 *     must also bind documents that have no meta (a JavaScript worker, an SVG opened on its own).
 * A page obeys both. The host files (nginx includes, `public/_headers`, `vercel.json`) are written from here by
 * `npm run host-files` and committed; a unit test fails when they differ from this source.
 */
import { createHash } from 'node:crypto';
import { parse } from 'ultrahtml';
import { appleAppSiteAssociationPath, assetLinksPath } from './appLinks.ts';
import { decodeEntities, elementsOf, rawTextOf } from './html.ts';
import { siteConfig, type SiteConfig } from '../config/index.ts';
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

export interface PolicyInputs {
  config: Pick<SiteConfig, 'sentryDsn'>;
  /** The inline code of one built page: its policy allows exactly that. */
  inline: InlineCode;
}

const unique = (values: string[]) => [...new Set(values)];
const policyText = (directives: [string, string[]][]) =>
  directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');

/**
 * The header policy, on every response. These directives hold whatever the page: `frame-ancestors` works only in a
 * header, and the others also bind responses that carry no meta policy.
 */
export const headerPolicy = policyText([
  ['frame-ancestors', ["'none'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'none'"]],
]);

/**
 * The policy of the site's hashed scripts (`/_astro/`). A page ignores the headers of the scripts it loads, but a
 * worker runs under the policy of its own script's response: the 3D scene's worker runs its code and the mesh
 * decoder's WebAssembly (inlined in three's MeshoptDecoder) and fetches nothing (the page hands it the model's bytes).
 */
export const scriptPolicy = `${policyText([
  ['default-src', ["'none'"]],
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
])}; ${headerPolicy}`;

/** A page's own Content-Security-Policy, for its `<meta http-equiv>`: its inline code by hash, nothing else inline. */
export function pagePolicy({ config, inline }: PolicyInputs): string {
  const styleAttributeHashes = unique(inline.styleAttributes.map(hashSource));
  return policyText([
    // Nothing is allowed unless a directive below names it.
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...unique(inline.scripts.map(hashSource))]],
    ['style-src', ["'self'", ...unique(inline.styles.map(hashSource))]],
    // Style attributes in the served HTML are allowed one by one, by hash ('unsafe-hashes' is how CSP names that).
    ...(styleAttributeHashes.length > 0
      ? [['style-src-attr', ["'unsafe-hashes'", ...styleAttributeHashes]] as [string, string[]]]
      : []),
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['media-src', ["'self'"]],
    ['connect-src', ["'self'", ...monitoringConnectSrc(config)]],
    // The 3D scene's worker (src/lib/scene/sceneWorker.client.ts) and Sentry Replay's compression worker
    // (src/lib/monitoring/replay.client.ts) are files of this site. A worker runs under the policy of its own
    // script's response (the header policy), so the mesh decoder's WebAssembly inside the scene's worker needs
    // nothing here.
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    // Repeated from the header policy, so a page copied to a host without our headers keeps them.
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'none'"]],
  ]);
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

/**
 * The group invite page (src/lib/invite.ts): one static page, `/join.html`, answers every `/join/<code>`. Its address
 * carries the code, so it sends no referrer (the page also says so in a meta tag, for a host without these rules).
 * Null while `invitePath` is empty: no page, no rule (null, not undefined, so that passing it on does not bring back
 * the default of the host-file functions below).
 */
export function invitePageRules(config: Pick<SiteConfig, 'invitePath'> = siteConfig()) {
  if (!config.invitePath) return null;
  return {
    /** The page's own address, which every static host serves from `/join.html`. */
    path: config.invitePath,
    /** The built file, as nginx names it once it has found it (`$uri`). */
    file: `${config.invitePath}.html`,
    /** What follows the address: one code. */
    codes: `${config.invitePath}/`,
    headers: { 'Referrer-Policy': 'no-referrer' },
  } as const;
}

type InviteRules = ReturnType<typeof invitePageRules>;

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

const generatedNote = '# Written by `npm run host-files` from src/lib/securityHeaders.node.ts: do not edit.';

/** The nginx variable that carries a header's value: `X-Frame-Options` -> `$tablemates_x_frame_options`. */
const nginxVariable = (name: string) => `$tablemates_${name.toLowerCase().replace(/-/g, '_')}`;

/**
 * The nginx server-level include: one `add_header` per security header plus Cache-Control, `always` so error
 * responses carry them too. Each value is a variable of the http-level maps (nginxMaps), which leave it empty on a 416.
 */
export function nginxInclude(headers: Record<string, string> = securityHeaders): string {
  const lines = [...Object.keys(headers), 'Cache-Control'].map(
    (name) => `add_header ${name} ${nginxVariable(name)} always;`,
  );
  return `${generatedNote}\n${lines.join('\n')}\n`;
}

/**
 * The nginx http-level include: every header's value, by the response's status (and Cache-Control by path).
 *
 * A 416 is the one response nginx builds after it has added the headers once: the range check comes after
 * add_header among nginx's header filters, so it sees the file's 200 with its headers already added, then sends the
 * 416 through the filters again. Empty on a 416, each header is added that second time not at all: once, not twice.
 * (`volatile`: nginx would otherwise keep a map's first value for the whole request, the 200's.)
 *
 * Cache-Control keys on the path as served (`/` is `/index.html`, `/terms` is `/terms.html` by then) and the status,
 * never on the Content-Type: a 304 has none, and a page revalidated with a 304 must stay `no-cache`.
 */
export function nginxMaps(
  headers: Record<string, string> = securityHeaders,
  invite: InviteRules = invitePageRules(),
): string {
  const policyName = 'Content-Security-Policy';
  // The invite page's own values (its Referrer-Policy), keyed on the file served, as Cache-Control below.
  const invitePageValues: Record<string, string> = invite ? invite.headers : {};
  const byStatus = Object.entries(headers).map(
    ([name, value]) =>
      `map $status ${nginxVariable(name)} {\n  volatile;\n  416 "";\n  default ${
        name === policyName
          ? '$tablemates_policy_by_path'
          : name in invitePageValues
            ? `${nginxVariable(name)}_by_path`
            : nginxString(name, value)
      };\n}`,
  );
  const invitePage = Object.entries(invitePageValues).map(
    ([name, value]) =>
      `map $uri ${nginxVariable(name)}_by_path {\n  "${invite!.file}" ${nginxString(name, value)};\n  default ${nginxString(
        name,
        headers[name] ?? '',
      )};\n}`,
  );
  const policyByPath = `map $uri $tablemates_policy_by_path {
  ~^${hashedAssetsPath} ${nginxString(policyName, hashedAssetHeaders[policyName])};
  default ${nginxString(policyName, headers[policyName] ?? '')};
}`;
  const byPath = `map $uri $tablemates_cache_by_path {
  ~^${hashedAssetsPath} "${hashedAssetHeaders['Cache-Control']}";
${appLinkFileHeaders.paths.map((path) => `  "${path}" "${appLinkFileHeaders.headers['Cache-Control']}";`).join('\n')}
  ~\\.html$ "${cacheControl.html}";
  default "${cacheControl.other}";
}`;
  // A file's own answers (200, a 206 range of it, a 304 "unchanged") keep its path's rule; errors and redirects
  // are never kept.
  const cache = `map $status ${nginxVariable('Cache-Control')} {
  volatile;
  200 $tablemates_cache_by_path;
  206 $tablemates_cache_by_path;
  304 $tablemates_cache_by_path;
  416 "";
  default "${cacheControl.html}";
}`;
  return `${generatedNote}\n${[...byStatus, ...invitePage, policyByPath, byPath, cache].join('\n')}\n`;
}

/**
 * The nginx server-level include for the app-association files: their type, whatever their extension (no charset
 * parameter, as the other hosts send it). Cache-Control comes from the $uri map above; no `add_header` here, so these
 * locations keep the server's security headers.
 */
export function nginxAppLinkLocations(): string {
  const blocks = appLinkFileHeaders.paths.map(
    (path) =>
      `location = ${path} {\n  types { }\n  default_type ${appLinkFileHeaders.headers['Content-Type']};\n  charset off;\n}`,
  );
  return `${generatedNote}\n${blocks.join('\n')}\n`;
}

/**
 * The nginx server-level include for the invite page: every `/join/<code>` is answered with `/join.html` (a prefix
 * location with `^~`, so no regular expression of site.conf applies to these addresses). Empty while it is off.
 */
export function nginxInviteLocation(invite: InviteRules = invitePageRules()): string {
  const block = invite ? `location ^~ ${invite.codes} {\n  try_files ${invite.file} =404;\n}\n` : '';
  return `${generatedNote}\n${block}`;
}

/** `_headers` for Netlify and Cloudflare Pages (read from the published directory). */
export function headersFile(
  headers: Record<string, string> = securityHeaders,
  invite: InviteRules = invitePageRules(),
): string {
  const block = (path: string, entries: Record<string, string>) =>
    [path, ...Object.entries(entries).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${generatedNote}\n${[
    block('/*', headers),
    block(`${hashedAssetsPath}*`, hashedAssetHeaders),
    ...appLinkFileHeaders.paths.map((path) => block(path, appLinkFileHeaders.headers)),
    // After /*: where a header is set twice, these hosts join the values, and a browser takes the last policy listed.
    ...(invite ? [block(invite.path, invite.headers), block(`${invite.codes}*`, invite.headers)] : []),
  ].join('\n')}\n`;
}

/**
 * `_redirects` for Netlify and Cloudflare Pages: every `/join/<code>` is answered (200, the address kept) with the
 * invite page. Empty while it is off.
 */
export function redirectsFile(invite: InviteRules = invitePageRules()): string {
  return `${generatedNote}\n${invite ? `${invite.codes}*  ${invite.path}  200\n` : ''}`;
}

/**
 * `vercel.json`: the same headers, plus the build settings, clean URLs (`/privacy` serves privacy.html) and the
 * invite page for every `/join/<code>`.
 */
export function vercelJson(
  headers: Record<string, string> = securityHeaders,
  invite: InviteRules = invitePageRules(),
): string {
  const list = (entries: Record<string, string>) => Object.entries(entries).map(([key, value]) => ({ key, value }));
  const json = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    buildCommand: 'npm run build',
    outputDirectory: 'dist',
    cleanUrls: true,
    trailingSlash: false,
    headers: [
      { source: '/(.*)', headers: list(headers) },
      // After /(.*): where both match, Vercel sends this rule's values.
      { source: `${hashedAssetsPath}(.*)`, headers: list(hashedAssetHeaders) },
      ...appLinkFileHeaders.paths.map((source) => ({ source, headers: list(appLinkFileHeaders.headers) })),
      ...(invite
        ? [invite.path, `${invite.codes}(.*)`].map((source) => ({ source, headers: list(invite.headers) }))
        : []),
    ],
    ...(invite ? { rewrites: [{ source: `${invite.codes}(.*)`, destination: invite.path }] } : {}),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * Every host file, by its path in the project: written by `npm run host-files`, checked by tests/unit/headers.test.ts.
 * They follow this source and the invite address of site.config.ts (`invitePath`), never a build.
 */
export function hostFiles(): Record<string, string> {
  return {
    'deploy/headers.conf': nginxInclude(),
    'deploy/header-values.conf': nginxMaps(),
    'deploy/app-links.conf': nginxAppLinkLocations(),
    'deploy/invite.conf': nginxInviteLocation(),
    'public/_headers': headersFile(),
    'public/_redirects': redirectsFile(),
    'vercel.json': vercelJson(),
  };
}
