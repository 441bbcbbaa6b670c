import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { siteConfig } from '../../scripts/nginx.ts';
import { describe, expect, test } from 'vitest';
import {
  appLinkFileHeaders,
  cacheControl,
  hashedAssetHeaders,
  headerPolicy,
  pageDirectives,
  scriptPolicy,
  securityHeaders,
} from '../../src/lib/headers.ts';
import {
  headersFile,
  hostFiles,
  nginxHttp,
  nginxServer,
  redirectsFile,
  vercelConfig,
} from '../../src/lib/hostFiles.node.ts';
import { invitePageRules } from '../../src/lib/invite/hostRules.ts';
import { parseHeadersFile, parseNginxInclude, parseNginxLocations, parseVercelJson } from './headers-files.ts';

const directives = (csp: string) =>
  Object.fromEntries(csp.split(/;\s*/).map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe("a page's own policy (Astro adds its scripts and styles by hash)", () => {
  test('never allows inline code wholesale, eval, plugins, foreign bases or form posts', () => {
    const text = pageDirectives({ sentryDsn: '' }).join('; ');
    expect(text).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'wasm-unsafe-eval'|blob:|script-src|style-src/);
    const csp = directives(text);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    // A meta policy cannot carry these; the header does.
    expect(csp['frame-ancestors']).toBeUndefined();
    expect(csp['report-uri']).toBeUndefined();
  });

  test('lets monitoring reach the ingest origin of its DSN, and nothing when there is no DSN', () => {
    expect(directives(pageDirectives({ sentryDsn: '' }).join('; '))['connect-src']).toEqual(["'self'"]);
    const withDsn = pageDirectives({ sentryDsn: 'https://abc@o12.ingest.us.sentry.io/345' }).join('; ');
    expect(directives(withDsn)['connect-src']).toEqual(["'self'", 'https://o12.ingest.us.sentry.io']);
  });

  test('stops on a DSN without a key or project, naming the field', () => {
    expect(() => pageDirectives({ sentryDsn: 'https://o12.ingest.sentry.io/' })).toThrow(
      'sentryDsn (PUBLIC_SENTRY_DSN) is "https://o12.ingest.sentry.io/"; expected a Sentry DSN with a public key',
    );
  });
});

test('the header policy forbids framing, plugins, foreign bases and form posts on every response', () => {
  expect(directives(headerPolicy)).toEqual({
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
  });
});

test('refuses a header value nginx would misread, naming the header', () => {
  expect(() => nginxHttp({ 'X-Test': 'costs $5' }, null)).toThrow(
    'Header X-Test has the value "costs $5"; expected no $ or line break.',
  );
});

test('nginx serves no build without the host files it wrote, naming the file', () => {
  expect(() => siteConfig('/nowhere/dist')).toThrow(
    '/nowhere/dist/_nginx/server.conf is missing: run `npm run build` first.',
  );
});

/** vercel.ts as Vercel runs it at a deploy: bundled with the project's own files (packages left outside), then loaded. */
async function vercelFile() {
  const dir = join(import.meta.dirname, '../../node_modules/.cache/vercel-config');
  await mkdir(dir, { recursive: true });
  const outfile = join(dir, `vercel-${Date.now()}-${Math.random()}.mjs`);
  try {
    await build({
      entryPoints: ['vercel.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      packages: 'external',
    });
    return JSON.stringify((await import(outfile)).default);
  } finally {
    await rm(outfile, { force: true });
  }
}

describe('the host files', () => {
  const files = hostFiles({ invitePath: '/join' });

  test('carry identical header values for nginx, static hosts and Vercel', async () => {
    const staticHosts = parseHeadersFile(files._headers!);
    const vercel = parseVercelJson(await vercelFile());
    const nginx = parseNginxInclude(files['_nginx/server.conf']!, files['_nginx/http.conf']!);
    // nginx's values when no path or status rule applies (an error, a redirect): never cached.
    expect(nginx['/*']).toEqual({ ...securityHeaders, 'Cache-Control': cacheControl.html });
    expect(staticHosts['/*']).toEqual(securityHeaders);
    expect(vercel['/*']).toEqual(securityHeaders);
    expect(staticHosts['/_astro/*']).toEqual(hashedAssetHeaders);
    expect(vercel['/_astro/*']).toEqual(hashedAssetHeaders);
    expect(files['_nginx/http.conf']).toContain(`~^/_astro/ "${cacheControl.hashed}";`);
    expect(files['_nginx/http.conf']).toContain(`~^/_astro/ "${scriptPolicy}";`);
    // The app-association files: JSON with a short cache from the three; nginx adds no header of its own there, so
    // those locations keep the security headers.
    expect(files['_nginx/server.conf']).not.toMatch(/\{[^}]*add_header/);
    const nginxAppLinks = parseNginxLocations(files['_nginx/server.conf']!, files['_nginx/http.conf']!);
    for (const path of appLinkFileHeaders.paths) {
      expect(nginxAppLinks[path]).toEqual(appLinkFileHeaders.headers);
      expect(staticHosts[path]).toEqual(appLinkFileHeaders.headers);
      expect(vercel[path]).toEqual(appLinkFileHeaders.headers);
    }
  });

  test('is served for every code by nginx, the static hosts and Vercel, and sends no referrer from any', async () => {
    const invite = invitePageRules({ invitePath: '/join' })!;
    expect(files['_nginx/server.conf']).toContain('location ^~ /join/ {\n  try_files /join.html =404;\n}');
    expect(files['_nginx/http.conf']).toContain(
      'map $uri $tablemates_referrer_policy_by_path {\n  "/join.html" "no-referrer";\n  default "strict-origin-when-cross-origin";\n}',
    );
    expect(files._redirects).toContain('/join/*  /join  200');
    const staticHosts = parseHeadersFile(files._headers!);
    const vercel = parseVercelJson(await vercelFile());
    for (const path of ['/join', '/join/*']) {
      expect(staticHosts[path]).toEqual(invite.headers);
      expect(vercel[path]).toEqual(invite.headers);
    }
    // After the site-wide rule, so the page's own value wins where a host applies both.
    const order = Object.keys(staticHosts);
    expect(order.indexOf('/join/*')).toBeGreaterThan(order.indexOf('/*'));
    expect(JSON.parse(await vercelFile()).rewrites).toEqual([{ source: '/join/(.*)', destination: '/join' }]);
  });

  test("follow the invite address of the build, Vercel's too (tests/e2e/host-rules.e2e.ts serves one)", async () => {
    const moved = hostFiles({ invitePath: '/invite' });
    expect(moved._redirects).toContain('/invite/*  /invite  200');
    expect(moved['_nginx/server.conf']).toContain('location ^~ /invite/ {');
    expect(vercelConfig(securityHeaders, invitePageRules({ invitePath: '/invite' })).rewrites).toEqual([
      { source: '/invite/(.*)', destination: '/invite' },
    ]);
  });

  test('have no page, rule or rewrite anywhere once the invite address is emptied', () => {
    expect(invitePageRules({ invitePath: '' })).toBeNull();
    expect(nginxServer(securityHeaders, null)).not.toContain('try_files');
    expect(redirectsFile(null)).not.toContain('200');
    expect(headersFile(securityHeaders, null)).not.toContain('no-referrer');
    expect(JSON.stringify(vercelConfig(securityHeaders, null))).not.toMatch(/no-referrer|rewrites/);
    expect(nginxHttp(securityHeaders, null)).not.toContain('no-referrer');
  });
});
