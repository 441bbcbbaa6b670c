/**
 * The header table (src/lib/headers.ts) and the host files the build writes from it: the static hosts' `_headers`
 * and `_redirects` and Vercel's vercel.ts say what nginx sends (tests/e2e/serving.e2e.ts checks nginx itself).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import vercel from '../../vercel.ts';
import { startNginx } from '../../scripts/nginx.ts';
import {
  appLinkFileHeaders,
  hashedAssetHeaders,
  headerPolicy,
  pageDirectives,
  securityHeaders,
} from '../../src/lib/headers.ts';
import { hostFiles, nginxHttp, writeHostFiles } from '../../src/lib/hostFiles.node.ts';

type HeaderSets = Record<string, Record<string, string>>;
const directives = (csp: string) =>
  Object.fromEntries(csp.split(/;\s*/).map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

/** Netlify's and Cloudflare's `_headers`: a path line, then indented `Name: value` lines. */
function parseHeadersFile(text: string): HeaderSets {
  const sets: HeaderSets = {};
  let path = '';
  for (const [, indent, name, value] of text.matchAll(/^([ \t]*)([^#\s][^:\n]*?)(?::\s*(.*))?$/gm)) {
    if (!indent) sets[(path = name!)] = {};
    else sets[path]![name!] = value!;
  }
  return sets;
}

/** vercel.ts, which Vercel runs at a deploy: its headers by source, in the `_headers` form (`/(.*)` as `/*`). */
const vercelHeaders: HeaderSets = Object.fromEntries(
  vercel.headers.map(({ source, headers }) => [
    source.replace('(.*)', '*'),
    Object.fromEntries(headers.map(({ key, value }) => [key, value])),
  ]),
);

describe("a page's own policy (Astro adds its scripts and styles by hash)", () => {
  test('never allows inline code wholesale, eval, plugins, foreign bases or form posts', () => {
    const text = pageDirectives({ sentryDsn: '' }).join('; ');
    // A meta policy cannot carry frame-ancestors or report-uri; the header does.
    expect(text).not.toMatch(
      /'unsafe-inline'|'unsafe-eval'|'wasm-unsafe-eval'|blob:|script-src|style-src|frame-|report-/,
    );
    expect(directives(text)).toMatchObject({
      'default-src': ["'none'"],
      'worker-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'none'"],
      'connect-src': ["'self'"],
    });
    expect(headerPolicy).toBe("frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'none'");
  });

  test('lets monitoring reach the ingest origin of its DSN, and stops on a DSN without a key', () => {
    const withDsn = pageDirectives({ sentryDsn: 'https://abc@o12.ingest.us.sentry.io/345' }).join('; ');
    expect(directives(withDsn)['connect-src']).toEqual(["'self'", 'https://o12.ingest.us.sentry.io']);
    expect(() => pageDirectives({ sentryDsn: 'https://o12.ingest.sentry.io/' })).toThrow(
      'sentryDsn (PUBLIC_SENTRY_DSN) is "https://o12.ingest.sentry.io/"; expected a Sentry DSN with a public key',
    );
  });
});

test('refuses a header value nginx would misread, and a build without its nginx files, naming each', async () => {
  expect(() => nginxHttp({ 'X-Test': 'costs $5' }, null)).toThrow(
    'Header X-Test has the value "costs $5"; expected no $ or line break.',
  );
  await expect(startNginx({ port: 1, root: '/nowhere/dist' })).rejects.toThrow(
    '/nowhere/dist-nginx/server.conf is missing: run `npm run build` first.',
  );
});

test("publishes the static hosts' files in the build, and nginx's beside it, out of what any host publishes", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-files-'));
  try {
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    // An earlier build's nginx file that this build no longer writes.
    mkdirSync(join(dir, 'dist-nginx'));
    writeFileSync(join(dir, 'dist-nginx/old.conf'), '# gone');
    await writeHostFiles(dist, { invitePath: '/join', siteUrl: 'https://tablemates.app' }, []);
    expect(readdirSync(dist).sort()).toEqual(['_headers', '_redirects', 'index.html']);
    expect(readdirSync(join(dir, 'dist-nginx')).sort()).toEqual(['http.conf', 'redirect.conf', 'server.conf']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the host files', () => {
  const files = hostFiles({ invitePath: '/join', siteUrl: 'https://tablemates.app' });

  test('carry identical header values for the static hosts and Vercel', () => {
    for (const hosts of [parseHeadersFile(files.published._headers!), vercelHeaders]) {
      expect(hosts['/*']).toEqual(securityHeaders);
      expect(hosts['/_astro/*']).toEqual(hashedAssetHeaders);
      for (const path of appLinkFileHeaders.paths) expect(hosts[path]).toEqual(appLinkFileHeaders.headers);
    }
  });

  test('is served for every code by nginx, the static hosts and Vercel, and sends no referrer from any', () => {
    expect(files.nginx['server.conf']).toContain('location ^~ /join/ {\n  try_files /join.html =404;\n}');
    expect(files.nginx['http.conf']).toContain(
      'map $uri $tablemates_referrer_policy_by_path {\n  "/join.html" "no-referrer";',
    );
    expect(files.published._redirects).toContain('/join/*  /join  200');
    const staticHosts = parseHeadersFile(files.published._headers!);
    for (const path of ['/join', '/join/*']) {
      expect(staticHosts[path]).toEqual({ 'Referrer-Policy': 'no-referrer' });
      expect(vercelHeaders[path]).toEqual({ 'Referrer-Policy': 'no-referrer' });
    }
    // After the site-wide rule, so the page's own value wins where a host applies both.
    expect(Object.keys(staticHosts).indexOf('/join/*')).toBeGreaterThan(Object.keys(staticHosts).indexOf('/*'));
    expect(vercel.rewrites).toContainEqual({ source: '/join/(.*)', destination: '/join' });
  });

  test("serve each language's invite page for its codes, and its own 404 page for a miss under its prefix", () => {
    const both = hostFiles({ invitePath: '/join', siteUrl: 'https://tablemates.app', languages: ['en', 'es'] });
    expect(both.nginx['server.conf']).toContain('location ^~ /es/join/ {\n  try_files /es/join.html =404;\n}');
    expect(both.nginx['http.conf']).toContain('  "/es/join.html" "no-referrer";');
    expect(both.nginx['http.conf']).toContain(
      'map $request_uri $tablemates_not_found_page {\n  ~^/es/ /es/404.html;\n  default /404.html;\n}',
    );
    expect(both.nginx['server.conf']).toContain('error_page 404 $tablemates_not_found_page;');
    expect(both.published._redirects).toContain('/es/join/*  /es/join  200');
    // After the invite rewrite: Netlify takes the first rule that matches.
    expect(both.published._redirects.indexOf('/es/*  /es/404.html  404')).toBeGreaterThan(
      both.published._redirects.indexOf('/es/join/*'),
    );
    expect(parseHeadersFile(both.published._headers!)['/es/join/*']).toEqual({ 'Referrer-Policy': 'no-referrer' });

    const english = hostFiles({ invitePath: '/join', siteUrl: 'https://tablemates.app', languages: ['en'] });
    for (const text of [english.published._redirects, english.published._headers, english.nginx['http.conf']])
      expect(text).not.toContain('/es/');
    expect(english.nginx['server.conf']).not.toContain('location ^~ /es/');
    expect(english.nginx['http.conf']).toContain(
      'map $request_uri $tablemates_not_found_page {\n  default /404.html;\n}',
    );
  });

  test('follow the invite address of the build, and have no invite rule once it is emptied', () => {
    const moved = hostFiles({ invitePath: '/invite', siteUrl: 'https://tablemates.app' });
    expect(moved.published._redirects).toContain('/invite/*  /invite  200');
    expect(moved.nginx['server.conf']).toContain('location ^~ /invite/ {');
    const off = hostFiles({ invitePath: '', siteUrl: 'https://tablemates.app' });
    expect([...Object.values(off.published), ...Object.values(off.nginx)].join('\n')).not.toContain('no-referrer');
    expect(off.published._redirects).not.toContain('200');
  });

  test('send plain-HTTP visitors to the configured host, never to the one a client names', () => {
    // The Observatory test sends Host: evil.example to nginx with these rules.
    expect(files.nginx['redirect.conf']).toContain('return 301 https://tablemates.app$request_uri;');
    expect(files.nginx['redirect.conf']).not.toContain('$host');
  });
});
