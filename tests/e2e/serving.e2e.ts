/**
 * The production server (deploy/ nginx configuration, which playwright.config.ts starts for the whole suite): security
 * headers on every response, caching, compression, types, ranges and addresses, and a Content-Security-Policy under
 * which every page runs without a single violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { port } from '../../playwright.config.ts';
import { cacheControl } from '../../src/lib/securityHeaders.node.ts';
import { parseHeadersFile, parseNginxInclude, parseVercelJson } from '../unit/headers-files.ts';

const dist = join(import.meta.dirname, '../../dist');
/** The security headers of this build, as written for the static hosts: nginx must send exactly these. */
const expected = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'))['/*']!;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/** A request without any client-side decoding, so byte counts and encodings are what went over the wire. */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The first file under dist/ with this extension, as a URL path. */
function firstFile(extension: string, under = ''): string | undefined {
  const file = readdirSync(join(dist, under), { recursive: true, encoding: 'utf8' }).find((name) =>
    name.endsWith(`.${extension}`),
  );
  return file && `/${join(under, file)}`;
}

const pages = ['/', '/privacy', '/terms', '/no-such-page'];

/** Records every CSP violation the page reports, from the first script on, in every document it loads. */
async function recordViolations(page: Page): Promise<string[]> {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    // Workers report violations to the console only; documents also fire the event below.
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`),
    );
  });
  return consoleReports;
}

const violationsIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

for (const path of pages) {
  test(`${path} runs without a Content-Security-Policy violation`, async ({ page }) => {
    const consoleReports = await recordViolations(page);
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toBe(expected['Content-Security-Policy']);
    // The landing page loads its 3D scene and islands as they near the viewport: bring everything into view.
    await page.evaluate(async () => {
      for (let y = 0; y <= document.body.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await page.waitForLoadState('networkidle');
    expect(await violationsIn(page)).toEqual([]);
    expect(consoleReports).toEqual([]);
  });
}

test('blocks an inline script that is not part of the build', async ({ page }) => {
  await recordViolations(page);
  await page.goto('/privacy');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.title = "injected"';
    document.head.append(script);
  });
  await expect.poll(() => violationsIn(page)).toEqual([expect.stringContaining('script-src')]);
  await expect(page).not.toHaveTitle('injected');
});

test('Chromium accepts every Permissions-Policy feature the site denies', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/Permissions-Policy|feature policy/i.test(message.text())) errors.push(message.text());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  const allowed = await page.evaluate(() => {
    const policy = (document as unknown as { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy;
    return ['camera', 'microphone', 'geolocation'].map((name) => policy?.allowsFeature(name) ?? 'unknown');
  });
  expect(allowed).toEqual([false, false, false]);
});

test('every kind of response carries the same security headers', async () => {
  const paths = [
    '/',
    '/privacy',
    '/privacy/',
    '/no-such-page',
    firstFile('js', '_astro'),
    firstFile('webm', 'videos'),
    firstFile('avif', 'images'),
    firstFile('svg', 'images'),
    firstFile('glb', 'models'),
  ];
  for (const path of paths) {
    expect(path, 'a built file of each kind').toBeDefined();
    const { headers } = await raw(path!);
    for (const [name, value] of Object.entries(expected))
      expect(headers[name.toLowerCase()], `${name} on ${path}`).toBe(value);
  }
  expect(Object.keys(expected)).toEqual(
    expect.arrayContaining([
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
    ]),
  );
});

test('caches hashed assets for a year and makes HTML revalidate', async () => {
  const asset = firstFile('js', '_astro')!;
  expect(asset).toMatch(/\.[\w-]{8}\.js$/);
  expect((await raw(asset)).headers['cache-control']).toBe(cacheControl.hashed);
  expect(cacheControl.hashed).toMatch(/max-age=31536000.*immutable/);
  for (const path of ['/', '/privacy', '/privacy/', '/no-such-page']) {
    expect((await raw(path)).headers['cache-control'], path).toBe('no-cache');
  }
});

test('answers a byte range of a video with 206 and only those bytes', async () => {
  const video = firstFile('mp4', 'videos')!;
  const response = await raw(video, { Range: 'bytes=100-1123' });
  expect(response.status).toBe(206);
  expect(response.bytes).toBe(1024);
  expect(response.headers['content-range']).toMatch(/^bytes 100-1123\/\d+$/);
  expect(response.headers['accept-ranges'] ?? 'bytes').toBe('bytes');
});

test('compresses text with brotli or gzip, whichever the browser accepts', async () => {
  const identity = await raw('/privacy', { 'Accept-Encoding': 'identity' });
  const gzip = await raw('/privacy', { 'Accept-Encoding': 'gzip' });
  const brotli = await raw('/privacy', { 'Accept-Encoding': 'br, gzip' });
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(gzip.bytes).toBeLessThan(identity.bytes);
  expect(brotli.bytes).toBeLessThan(identity.bytes);
  expect(gzip.headers['vary']).toBe('Accept-Encoding');
  // Video is already compressed: sent as is, so ranges keep working.
  expect(
    (await raw(firstFile('webm', 'videos')!, { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding'],
  ).toBeUndefined();
});

test('sends the right type for video, images, models and WebAssembly', async () => {
  const types = {
    webm: 'video/webm',
    mp4: 'video/mp4',
    avif: 'image/avif',
    glb: 'model/gltf-binary',
    wasm: 'application/wasm',
  };
  for (const [extension, type] of Object.entries(types)) {
    let path = firstFile(extension);
    // The Draco decoder (the only .wasm) arrives with the 3D scene; until then a probe file stands in for it.
    const probe = path ? undefined : join(dist, `type-probe.${extension}`);
    if (probe) writeFileSync(probe, '\0asm');
    path ??= `/type-probe.${extension}`;
    try {
      expect((await raw(path)).headers['content-type'], path).toBe(type);
    } finally {
      if (probe && existsSync(probe)) rmSync(probe);
    }
  }
});

test('answers the 404 page itself and the host files only as 404', async () => {
  for (const path of ['/_headers', '/404', '/404/', '/404.html']) expect((await raw(path)).status, path).toBe(404);
});

test('vercel.json and the nginx include of this build carry the values of _headers, and vercel.json is committed', () => {
  const root = join(import.meta.dirname, '../..');
  const vercel = readFileSync(join(root, 'vercel.json'), 'utf8');
  expect(parseVercelJson(vercel)['/*']).toEqual(expected);
  expect(parseNginxInclude(readFileSync(join(root, 'deploy/generated/headers.conf'), 'utf8'))['/*']).toEqual(expected);
  // Vercel reads vercel.json from the repository before it builds: the committed copy must be this build's.
  const committed = execFileSync('git', ['show', 'HEAD:vercel.json'], { cwd: root, encoding: 'utf8' });
  expect(committed, 'commit the vercel.json that `npm run build` rewrote').toBe(vercel);
});

/**
 * Until the 3D scene lands, this probe checks the build's policy against the library the scene uses: a page under
 * exactly that Content-Security-Policy has three.js's DRACOLoader decode a Draco mesh, which starts the decoder's
 * worker from a Blob URL and compiles WebAssembly in it. The page-level tests above cover the real scene once it exists.
 */
async function dracoProbe(page: Page, csp: string) {
  const modules = join(import.meta.dirname, '../../node_modules');
  const html = '<!doctype html><title>probe</title><script type="module" src="/__probe/main.js"></script>';
  const main = `import { DRACOLoader } from '/__probe/three/examples/jsm/loaders/DRACOLoader.js';
    const loader = new DRACOLoader().setDecoderPath('/__probe/three/examples/jsm/libs/draco/');
    const buffer = await (await fetch('/__probe/bunny.drc')).arrayBuffer();
    loader.parse(buffer, (geometry) => (window.vertices = geometry.attributes.position.count), (e) => (window.vertices = String(e)));`;
  await page.route('**/__probe/**', async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/__probe/'.length);
    const type = (name: string) => (name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
    if (path === 'index.html') {
      return route.fulfill({ body: html, contentType: 'text/html', headers: { 'Content-Security-Policy': csp } });
    }
    if (path === 'main.js') return route.fulfill({ body: main, contentType: 'text/javascript' });
    if (path === 'bunny.drc') return route.fulfill({ path: join(modules, 'draco3dgltf/bunny.drc') });
    const body = readFileSync(join(modules, path.replace(/^three\//, 'three/')));
    // Bare "three" imports, resolved the way the bundler does.
    const text = path.endsWith('.js')
      ? body.toString('utf8').replace(/from 'three'/g, "from '/__probe/three/build/three.module.js'")
      : body;
    return route.fulfill({ body: text, contentType: type(path) });
  });
  const consoleReports = await recordViolations(page);
  await page.goto('/__probe/index.html');
  return consoleReports;
}

test('the policy lets three.js decode a Draco mesh in its worker, compiling WebAssembly', async ({ page }) => {
  const consoleReports = await dracoProbe(page, expected['Content-Security-Policy']!);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { vertices?: unknown }).vertices))
    .toBeGreaterThan(0);
  expect(await violationsIn(page)).toEqual([]);
  expect(consoleReports).toEqual([]);
});

test('without wasm-unsafe-eval the Draco decoder is blocked (the probe can tell)', async ({ page }) => {
  const policy = expected['Content-Security-Policy']!.replace(" 'wasm-unsafe-eval'", '');
  const consoleReports = await dracoProbe(page, policy);
  await expect.poll(() => consoleReports.join('\n')).toMatch(/WebAssembly|wasm/i);
});
