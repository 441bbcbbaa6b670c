import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  appLinkFileHeaders,
  cacheControl,
  contentSecurityPolicy,
  headersFile,
  inlineCode,
  nginxAppLinkLocations,
  nginxCacheMap,
  nginxInclude,
  securityHeaders,
  vercelJson,
  type PolicyInputs,
} from '../../src/lib/securityHeaders.node.ts';
import { config } from '../../src/lib/config.ts';
import { writeHeaders } from '../../src/integrations/securityHeaders.ts';
import { parseHeadersFile, parseNginxInclude, parseNginxLocations, parseVercelJson } from './headers-files.ts';

const page = `<!doctype html><html><head>
<script>alert(1)</script>
<script type="module" src="/_astro/page.abc12345.js"></script>
<style>a>b{color:red}</style>
</head><body><p style="color:red;content:&quot;x&quot;">x</p><script>if(a<b)f("</p>")</script></body></html>`;

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

const base: PolicyInputs = { config: { sentryDsn: '', dracoDecoder: 'self' }, inline: inlineCode(page) };

describe('Content-Security-Policy', () => {
  test('allows exactly the inline scripts, styles and style attributes of the pages, by hash', () => {
    const csp = directives(contentSecurityPolicy(base));
    // Known SHA-256 of "alert(1)" and of the decoded style attribute, computed outside this code (openssl dgst).
    expect(csp['script-src']).toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(csp['style-src-attr']).toEqual(["'unsafe-hashes'", "'sha256-FyXpxTNvqNOLxi+2tciaBRGq42QY4ijlUw+VJjYajic='"]);
    // Two inline scripts (the external one is covered by 'self'), one style block.
    expect(csp['script-src']!.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
    expect(csp['style-src']!.filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
  });

  test('never allows inline code wholesale, eval, plugins, foreign bases, framing or form posts', () => {
    const text = contentSecurityPolicy(base);
    expect(text).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    const csp = directives(text);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    expect(csp['script-src']).toContain("'wasm-unsafe-eval'");
  });

  test('lets monitoring reach the ingest origin of its DSN, and nothing when there is no DSN', () => {
    expect(directives(contentSecurityPolicy(base))['connect-src']).toEqual(["'self'"]);
    const withDsn = { ...base, config: { ...base.config, sentryDsn: 'https://abc@o12.ingest.us.sentry.io/345' } };
    expect(directives(contentSecurityPolicy(withDsn))['connect-src']).toEqual([
      "'self'",
      'https://o12.ingest.us.sentry.io',
    ]);
  });

  test('reaches the public Draco decoder host only when the config chooses it', () => {
    const publicDecoder = { ...base, config: { ...base.config, dracoDecoder: 'public' as const } };
    expect(directives(contentSecurityPolicy(publicDecoder))['connect-src']).toContain('https://www.gstatic.com');
    expect(contentSecurityPolicy(base)).not.toContain('gstatic');
  });

  test('lets three.js read textures embedded in a model only when a model has them', () => {
    expect(directives(contentSecurityPolicy({ ...base, modelsEmbedImages: true }))['connect-src']).toContain('blob:');
    expect(directives(contentSecurityPolicy(base))['connect-src']).not.toContain('blob:');
  });
});

test('refuses a header value nginx would misread, naming the header', () => {
  expect(() => nginxInclude({ 'X-Test': 'costs $5' })).toThrow(
    'Header X-Test has the value "costs $5"; expected no $ or line break.',
  );
});

describe('with monitoring on', () => {
  const dsn = 'https://abc123@o12.ingest.us.sentry.io/345';
  const headers = securityHeaders({ ...base, config: { ...base.config, sentryDsn: dsn } });

  test('reports CSP violations to the Sentry project of the DSN', () => {
    const reportUrl = 'https://o12.ingest.us.sentry.io/api/345/security/?sentry_key=abc123';
    const csp = directives(headers['Content-Security-Policy']!);
    expect(csp['report-uri']).toEqual([reportUrl]);
    expect(csp['report-to']).toEqual(['csp-endpoint']);
    expect(headers['Reporting-Endpoints']).toBe(`csp-endpoint="${reportUrl}"`);
  });

  test('writes the same values, quotes included, for nginx, static hosts and Vercel', () => {
    expect(parseNginxInclude(nginxInclude(headers))['/*']).toEqual(headers);
    expect(parseHeadersFile(headersFile(headers))['/*']).toEqual(headers);
    expect(parseVercelJson(vercelJson(headers))['/*']).toEqual(headers);
  });

  test('stops on a DSN without a key or project, naming the field', () => {
    expect(() =>
      securityHeaders({ ...base, config: { ...base.config, sentryDsn: 'https://o12.ingest.sentry.io/' } }),
    ).toThrow(
      'sentryDsn (PUBLIC_SENTRY_DSN) is "https://o12.ingest.sentry.io/"; expected a Sentry DSN with a public key',
    );
  });
});

test('_headers, vercel.json and the nginx configuration carry identical header values', () => {
  // The real build hook's writer, on a small built site, writing its files outside the project.
  const dir = mkdtempSync(join(tmpdir(), 'headers-'));
  const dist = join(dir, 'dist');
  const out = join(dir, 'out');
  mkdirSync(dist);
  mkdirSync(out);
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'privacy.html'), '<!doctype html><title>p</title><style>p{margin:0}</style>');
  writeHeaders(dist, { generatedDir: out, vercelJson: join(out, 'vercel.json') });

  const staticHosts = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
  const vercel = parseVercelJson(readFileSync(join(out, 'vercel.json'), 'utf8'));
  const nginx = parseNginxInclude(readFileSync(join(out, 'headers.conf'), 'utf8'));
  // The writer reads this build's config (PUBLIC_* overrides included), so the expectation does too.
  const expected = securityHeaders({ config, inline: inlineCode(page + '<style>p{margin:0}</style>') });

  expect(staticHosts['/*']).toEqual(expected);
  expect(vercel['/*']).toEqual(expected);
  expect(nginx['/*']).toEqual(expected);
  expect(staticHosts['/_astro/*']).toEqual({ 'Cache-Control': cacheControl.hashed });
  expect(vercel['/_astro/*']).toEqual({ 'Cache-Control': cacheControl.hashed });
  expect(readFileSync(join(out, 'cache-control.conf'), 'utf8')).toContain(`~^/_astro/ "${cacheControl.hashed}";`);
  // The app-association files: the same type and Cache-Control from the three.
  const nginxAppLinks = parseNginxLocations(
    readFileSync(join(out, 'app-links.conf'), 'utf8'),
    readFileSync(join(out, 'cache-control.conf'), 'utf8'),
  );
  for (const path of appLinkFileHeaders.paths) {
    expect(nginxAppLinks[path]).toEqual(appLinkFileHeaders.headers);
    expect(staticHosts[path]).toEqual(appLinkFileHeaders.headers);
    expect(vercel[path]).toEqual(appLinkFileHeaders.headers);
  }
});

describe('the app-association files', () => {
  const headers = securityHeaders(base);
  const expected = {
    '/.well-known/apple-app-site-association': {
      'Content-Type': 'application/json',
      'Cache-Control': 'public, max-age=3600',
    },
    '/.well-known/assetlinks.json': { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' },
  };
  const pick = (sets: Record<string, Record<string, string>>) =>
    Object.fromEntries(appLinkFileHeaders.paths.map((path) => [path, sets[path]]));

  test('are JSON with a short cache for nginx, static hosts and Vercel alike', () => {
    expect(parseNginxLocations(nginxAppLinkLocations(), nginxCacheMap())).toEqual(expected);
    expect(pick(parseHeadersFile(headersFile(headers)))).toEqual(expected);
    expect(pick(parseVercelJson(vercelJson(headers)))).toEqual(expected);
  });

  test('keep the security headers on every host: nginx adds none of its own there, the others add to /*', () => {
    expect(nginxAppLinkLocations()).not.toContain('add_header');
    expect(parseHeadersFile(headersFile(headers))['/*']).toEqual(headers);
    expect(parseVercelJson(vercelJson(headers))['/*']).toEqual(headers);
  });
});
