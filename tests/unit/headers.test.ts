import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  appLinkFileHeaders,
  cacheControl,
  headerPolicy,
  hashedAssetHeaders,
  headersFile,
  hostFiles,
  inlineCode,
  invitePageRules,
  nginxInviteLocation,
  nginxMaps,
  pagePolicy,
  redirectsFile,
  scriptPolicy,
  securityHeaders,
  vercelJson,
  type PolicyInputs,
} from '../../src/lib/securityHeaders.node.ts';
import { withPagePolicy } from '../../src/integrations/pagePolicy.ts';
import { siteConfig } from '../../src/config/index.ts';
import { parseHeadersFile, parseNginxInclude, parseNginxLocations, parseVercelJson } from './headers-files.ts';

const config = siteConfig();

const page = `<!doctype html><html><head>
<script>alert(1)</script>
<script type="module" src="/_astro/page.abc12345.js"></script>
<style>a>b{color:red}</style>
</head><body><p style="color:red;content:&quot;x&quot;">x</p><script>if(a<b)f("</p>")</script></body></html>`;

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

const base: PolicyInputs = { config: { sentryDsn: '' }, inline: inlineCode(page) };

describe("a page's own policy", () => {
  test('allows exactly the inline scripts, styles and style attributes of the page, by hash', () => {
    const csp = directives(pagePolicy(base));
    // Known SHA-256 of "alert(1)" and of the decoded style attribute, computed outside this code (openssl dgst).
    expect(csp['script-src']).toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(csp['style-src-attr']).toEqual(["'unsafe-hashes'", "'sha256-FyXpxTNvqNOLxi+2tciaBRGq42QY4ijlUw+VJjYajic='"]);
    // Two inline scripts (the external one is covered by 'self'), one style block.
    expect(csp['script-src']!.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
    expect(csp['style-src']!.filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
  });

  test('never allows inline code wholesale, eval, plugins, foreign bases or form posts', () => {
    const text = pagePolicy(base);
    expect(text).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'wasm-unsafe-eval'|blob:/);
    const csp = directives(text);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    // A meta policy cannot carry these; the header does.
    expect(csp['frame-ancestors']).toBeUndefined();
    expect(csp['report-uri']).toBeUndefined();
  });

  test('lets monitoring reach the ingest origin of its DSN, and nothing when there is no DSN', () => {
    expect(directives(pagePolicy(base))['connect-src']).toEqual(["'self'"]);
    const withDsn = { ...base, config: { ...base.config, sentryDsn: 'https://abc@o12.ingest.us.sentry.io/345' } };
    expect(directives(pagePolicy(withDsn))['connect-src']).toEqual(["'self'", 'https://o12.ingest.us.sentry.io']);
  });

  test('stops on a DSN without a key or project, naming the field', () => {
    expect(() =>
      pagePolicy({ ...base, config: { ...base.config, sentryDsn: 'https://o12.ingest.sentry.io/' } }),
    ).toThrow(
      'sentryDsn (PUBLIC_SENTRY_DSN) is "https://o12.ingest.sentry.io/"; expected a Sentry DSN with a public key',
    );
  });

  test('is the first thing after the charset, before any code it allows', () => {
    const html = withPagePolicy(page.replace('<head>', '<head><meta charset="utf-8">'), 'index.html');
    const meta =
      /^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="([^"]+)">\n<script>/.exec(
        html,
      );
    expect(meta?.[1]).toBe(pagePolicy(base));
  });

  test('stops the build on a page without a charset, naming the file', () => {
    expect(() => withPagePolicy(page, 'dist/odd.html')).toThrow('dist/odd.html has no <meta charset="utf-8">');
  });
});

test('the header policy forbids framing, plugins, foreign bases and form posts on every response', () => {
  const csp = directives(headerPolicy);
  expect(csp).toEqual({
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
  });
});

test('refuses a header value nginx would misread, naming the header', () => {
  expect(() => nginxMaps({ 'X-Test': 'costs $5' })).toThrow(
    'Header X-Test has the value "costs $5"; expected no $ or line break.',
  );
});

describe('the committed host files', () => {
  const committed = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

  test('are what their source writes (after changing src/lib/securityHeaders.node.ts: npm run host-files)', () => {
    for (const [path, text] of Object.entries(hostFiles())) expect(committed(path), path).toBe(text);
  });

  test('carry identical header values for nginx, static hosts and Vercel', () => {
    const staticHosts = parseHeadersFile(committed('public/_headers'));
    const vercel = parseVercelJson(committed('vercel.json'));
    const nginx = parseNginxInclude(committed('deploy/headers.conf'), committed('deploy/header-values.conf'));
    // nginx's values when no path or status rule applies (an error, a redirect): never cached.
    expect(nginx['/*']).toEqual({ ...securityHeaders, 'Cache-Control': cacheControl.html });
    expect(staticHosts['/*']).toEqual(securityHeaders);
    expect(vercel['/*']).toEqual(securityHeaders);
    expect(staticHosts['/_astro/*']).toEqual(hashedAssetHeaders);
    expect(vercel['/_astro/*']).toEqual(hashedAssetHeaders);
    expect(committed('deploy/header-values.conf')).toContain(`~^/_astro/ "${cacheControl.hashed}";`);
    expect(committed('deploy/header-values.conf')).toContain(`~^/_astro/ "${scriptPolicy}";`);
    // The app-association files: JSON with a short cache from the three; nginx adds no header of its own there, so
    // those locations keep the security headers.
    const appLinks = committed('deploy/app-links.conf');
    expect(appLinks).not.toContain('add_header');
    const nginxAppLinks = parseNginxLocations(appLinks, committed('deploy/header-values.conf'));
    for (const path of appLinkFileHeaders.paths) {
      expect(nginxAppLinks[path]).toEqual(appLinkFileHeaders.headers);
      expect(staticHosts[path]).toEqual(appLinkFileHeaders.headers);
      expect(vercel[path]).toEqual(appLinkFileHeaders.headers);
    }
  });
});

describe('the group invite page', () => {
  const committed = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const invite = invitePageRules(config)!;

  test('is served for every code by nginx, the static hosts and Vercel, and sends no referrer from any', () => {
    expect(config.invitePath).toBe('/join');
    expect(committed('deploy/invite.conf')).toContain('location ^~ /join/ {\n  try_files /join.html =404;\n}');
    expect(committed('deploy/header-values.conf')).toContain(
      'map $uri $tablemates_referrer_policy_by_path {\n  "/join.html" "no-referrer";\n  default "strict-origin-when-cross-origin";\n}',
    );
    expect(committed('public/_redirects')).toContain('/join/*  /join  200');
    const staticHosts = parseHeadersFile(committed('public/_headers'));
    const vercel = parseVercelJson(committed('vercel.json'));
    for (const path of ['/join', '/join/*']) {
      expect(staticHosts[path]).toEqual(invite.headers);
      expect(vercel[path]).toEqual(invite.headers);
    }
    // After the site-wide rule, so the page's own value wins where a host applies both.
    const order = Object.keys(staticHosts);
    expect(order.indexOf('/join/*')).toBeGreaterThan(order.indexOf('/*'));
    expect(JSON.parse(committed('vercel.json')).rewrites).toEqual([{ source: '/join/(.*)', destination: '/join' }]);
  });

  test('has no page, rule or rewrite anywhere once the invite address is emptied', () => {
    const off = invitePageRules({ invitePath: '' });
    expect(off).toBeNull();
    expect(nginxInviteLocation(off)).not.toContain('location');
    expect(redirectsFile(off)).not.toContain('200');
    expect(headersFile(securityHeaders, off)).not.toContain('no-referrer');
    expect(vercelJson(securityHeaders, off)).not.toMatch(/no-referrer|rewrites/);
    expect(nginxMaps(securityHeaders, off)).not.toContain('no-referrer');
  });
});
