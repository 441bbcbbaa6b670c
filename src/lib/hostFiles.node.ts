/**
 * Each host's own file, written from the one table (src/lib/headers.ts) and the invite page's rules of this build
 * (src/lib/invite/hostRules.ts). The build writes them (finishDist.ts) where each host reads them: `dist/_headers` and
 * `dist/_redirects` (Netlify, Cloudflare Pages), and beside dist/, never in it, nginx's `dist-nginx/http.conf`,
 * `server.conf` (with deploy/site.conf's rules) and `redirect.conf`: whatever is in dist/ a plain host publishes, and
 * nginx's files are configuration, not pages. vercel.ts hands Vercel the same rules at deploy. None is committed, so
 * none can drift from the build it serves.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import { appLinkFileHeaders, cacheControl, hashedAssetHeaders, hashedAssetsPath, securityHeaders } from './headers.ts';
import { defaultLocale, type Locale } from './i18n.ts';
import { invitePageRules, inviteRewrite, type InviteRules } from './invite/hostRules.ts';
import { movedPage, movedRule, type Move } from 'legal-record';

type HostConfig = Pick<SiteConfig, 'invitePath' | 'siteUrl'> & Partial<Pick<SiteConfig, 'languages'>>;

/** The languages other than English, whose misses under `/<locale>/` get their own 404 page (`/es/404.html`). */
const otherLanguages = (languages: Locale[] = [defaultLocale]) =>
  languages.filter((locale) => locale !== defaultLocale);

/**
 * The nginx http-level map of the 404 page by address, which deploy/site.conf's `error_page` names: a miss under
 * `/es/` gets the Spanish page, any other the English one.
 */
export function nginxNotFound(languages?: Locale[]): string {
  const rules = otherLanguages(languages).map((locale) => `  ~^/${locale}/ /${locale}/404.html;`);
  return `map $request_uri $tablemates_not_found_page {\n${[...rules, '  default /404.html;'].join('\n')}\n}`;
}

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

const generatedNote = '# Written by the build from src/lib/headers.ts (src/lib/hostFiles.node.ts): do not edit.';

/** The nginx variable that carries a header's value: `X-Frame-Options` -> `$tablemates_x_frame_options`. */
const nginxVariable = (name: string) => `$tablemates_${name.toLowerCase().replace(/-/g, '_')}`;

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
export function nginxHttp(headers: Record<string, string>, invite: InviteRules, languages?: Locale[]): string {
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
      `map $uri ${nginxVariable(name)}_by_path {\n${invite!.pages
        .map((page) => `  "${page.file}" ${nginxString(name, value)};\n`)
        .join('')}  default ${nginxString(name, headers[name] ?? '')};\n}`,
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
  const notFound = nginxNotFound(languages);
  return `${generatedNote}\n${[...byStatus, ...invitePage, policyByPath, byPath, cache, notFound].join('\n')}\n`;
}

/**
 * The nginx server-level include: one `add_header` per header, `always` so errors carry them too, each value a
 * variable of the http-level maps; the app-association files' type, whatever their extension (exact-match locations
 * that add no header, so they keep these); and the invite page for every code.
 */
export function nginxServer(headers: Record<string, string>, invite: InviteRules, moves: Move[] = []): string {
  const addHeaders = [...Object.keys(headers), 'Cache-Control'].map(
    (name) => `add_header ${name} ${nginxVariable(name)} always;`,
  );
  const appLinks = appLinkFileHeaders.paths.map(
    (path) =>
      `location = ${path} {\n  types { }\n  default_type ${appLinkFileHeaders.headers['Content-Type']};\n  charset off;\n}`,
  );
  const invites = invite ? invite.pages.map(inviteRewrite.nginx) : [];
  return `${generatedNote}\n${[...addHeaders, ...appLinks, ...invites, ...moves.map(movedRule.nginx)].join('\n')}\n`;
}

/**
 * The plain-HTTP server's rule: every request, path and query kept, to https:// on the site's own host. Never to
 * $host, which is whatever the client sent: `Host: evil.example` would get a redirect to https://evil.example/.
 */
export const nginxRedirect = (host: string) => `location / {\n  return 301 https://${host}$request_uri;\n}\n`;

/** `_headers` for Netlify and Cloudflare Pages. */
export function headersFile(headers: Record<string, string>, invite: InviteRules): string {
  const block = (path: string, entries: Record<string, string>) =>
    [path, ...Object.entries(entries).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${generatedNote}\n${[
    block('/*', headers),
    block(`${hashedAssetsPath}*`, hashedAssetHeaders),
    ...appLinkFileHeaders.paths.map((path) => block(path, appLinkFileHeaders.headers)),
    // After /*: where a header is set twice, these hosts join the values, and a browser takes the last policy listed.
    ...(invite
      ? invite.pages.flatMap((page) => [block(page.path, invite.headers), block(`${page.codes}*`, invite.headers)])
      : []),
  ].join('\n')}\n`;
}

/**
 * `_redirects` for Netlify and Cloudflare Pages: the invite page for every code, in every language; and each other
 * language's 404 page for a miss under its `/<locale>/` (a rule that applies only where no file answers). Cloudflare
 * Pages finds that page by itself, the nearest 404.html up the address.
 */
export function redirectsFile(invite: InviteRules, languages?: Locale[], moves: Move[] = []): string {
  const rules = [
    // Static rules first: Cloudflare Pages wants them before those with a `*`.
    ...moves.map(movedRule.netlify),
    ...(invite ? invite.pages.map(inviteRewrite.netlify) : []),
    ...otherLanguages(languages).map((locale) => `/${locale}/*  /${locale}/404.html  404`),
  ];
  return `${generatedNote}\n${rules.map((rule) => `${rule}\n`).join('')}`;
}

/** Vercel's project configuration (vercel.ts): build settings, clean URLs (`/privacy` serves privacy.html), headers. */
export function vercelConfig(headers: Record<string, string>, invite: InviteRules, moves: Move[] = []) {
  const list = (entries: Record<string, string>) => Object.entries(entries).map(([key, value]) => ({ key, value }));
  return {
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
        ? invite.pages
            .flatMap((page) => [page.path, `${page.codes}(.*)`])
            .map((source) => ({ source, headers: list(invite.headers) }))
        : []),
    ],
    ...(invite ? { rewrites: invite.pages.map(inviteRewrite.vercel) } : {}),
    ...(moves.length ? { redirects: moves.map(movedRule.vercel) } : {}),
  };
}

/** nginx's files of the build in `dist`: the folder beside it (`dist-nginx/` for `dist/`), out of what hosts publish. */
export const nginxDirOf = (dist: string) => `${dist.replace(/[/\\]+$/, '')}-nginx`;

/**
 * Every host file the build writes: `published`, by its path under dist/ (the static hosts read them there; a moved
 * legal page's former address is a page too, for a host that reads no rule), and `nginx`, by its name in the nginx
 * folder beside it (nginxDirOf). `moves`: the legal pages' former addresses (packages/legal/src/addresses/formerPaths.node.ts).
 */
export function hostFiles(
  config: HostConfig,
  moves: Move[] = [],
): { published: Record<string, string>; nginx: Record<string, string> } {
  const invite = invitePageRules(config);
  const siteRules = readFileSync(new URL('../../deploy/site.conf', import.meta.url), 'utf8');
  return {
    published: {
      _headers: headersFile(securityHeaders, invite),
      _redirects: redirectsFile(invite, config.languages, moves),
      ...Object.fromEntries(moves.map((move) => [`${move.from.slice(1)}.html`, movedPage(move, config.siteUrl)])),
    },
    nginx: {
      'http.conf': nginxHttp(securityHeaders, invite, config.languages),
      'server.conf': `${nginxServer(securityHeaders, invite, moves)}\n${siteRules}`,
      'redirect.conf': `# Written by the build from siteUrl (src/lib/hostFiles.node.ts): do not edit.\n${nginxRedirect(new URL(config.siteUrl).host)}`,
    },
  };
}

/** Writes them for a build whose output directory is `dir` (run by src/integrations/finishDist.ts). */
export async function writeHostFiles(dir: string, config: HostConfig, moves: Move[]) {
  const { published, nginx } = hostFiles(config, moves);
  // Only this build's files: the folder is the build's, as dist/ is.
  await rm(nginxDirOf(dir), { recursive: true, force: true });
  await mkdir(nginxDirOf(dir));
  for (const [path, text] of Object.entries(published)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  for (const [name, text] of Object.entries(nginx)) await writeFile(join(nginxDirOf(dir), name), text);
}
