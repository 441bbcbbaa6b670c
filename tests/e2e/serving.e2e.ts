/**
 * What the production server (deploy/ and the build's dist/_nginx/, which playwright.config.ts starts for the whole
 * suite) sends: the security headers and Cache-Control on every kind of response, the build's compressed copies,
 * types, ranges, no dotfile and no upload, and a Content-Security-Policy under which every page runs cleanly.
 */
import { expect, test, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { port } from '../../playwright.config.ts';
import { sceneAlt } from '../../src/lib/media.ts';
import { cacheControl, scriptPolicy, securityHeaders } from '../../src/lib/headers.ts';
import { recordSceneModes } from './support/scene-modes.ts';

const dist = join(import.meta.dirname, '../../dist');
const built = readdirSync(dist, { recursive: true, encoding: 'utf8' });
/** The first built file with this extension, as a URL path. */
const first = (extension: string) => `/${built.find((name) => name.endsWith(`.${extension}`))}`;
const [script, mp4, webm] = [first('js'), first('mp4'), first('webm')];

/** A request without any decoding: status, headers, header names as sent (lower case) and the body as sent. */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; names: string[]; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            names: res.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject).end();
    },
  );
}

/** Records every CSP and Permissions-Policy complaint, in the page and its workers, from the first script on. */
async function recordViolations(page: Page) {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`),
    );
  });
  return consoleReports;
}
const violationsIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

for (const path of ['/', '/privacy', '/terms', '/no-such-page']) {
  test(`${path} runs without a Content-Security-Policy violation`, async ({ page }) => {
    const consoleReports = await recordViolations(page);
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toBe(securityHeaders['Content-Security-Policy']);
    // The landing page loads its 3D scene and islands as they near the viewport: bring everything into view.
    await page.evaluate(async () => {
      for (let y = 0; y <= document.body.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await page.waitForLoadState('networkidle');
    if (path === '/') {
      await expect(page.locator('figure[data-scene]')).toHaveAttribute('data-scene', 'live', { timeout: 60_000 });
    }
    expect(await violationsIn(page)).toEqual([]);
    expect(consoleReports).toEqual([]);
  });
}

test('blocks an inline script that is not part of the build', async ({ page }) => {
  await recordViolations(page);
  await page.goto('/privacy');
  await page.evaluate(() =>
    document.head.append(Object.assign(document.createElement('script'), { text: 'document.title = "injected"' })),
  );
  await expect.poll(() => violationsIn(page)).toEqual([expect.stringContaining('script-src')]);
  await expect(page).not.toHaveTitle('injected');
});

test("without 'self' in worker-src, the scene's WebGL probe is refused and the still stays", async ({ page }) => {
  test.setTimeout(90_000);
  // The page's policy is its <meta http-equiv>; what runs inside a worker obeys its own script's header policy.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/(content="[^"]*worker-src) 'self'/, '$1');
    await route.fulfill({ response, body });
  });
  await recordViolations(page);
  const modes = await recordSceneModes(page);
  await page.goto('/');
  await page.locator('figure[data-scene]').scrollIntoViewIfNeeded();
  await expect
    .poll(() => violationsIn(page), { timeout: 60_000 })
    .toContainEqual(expect.stringMatching(/^worker-src blocked .*\/webglProbe/));
  // Refused, the probe (the first of the scene's workers) cannot say the scene can draw: it never starts.
  expect(await modes()).not.toContain('loading');
  await expect(page.locator('figure[data-scene]').getByRole('img', { name: sceneAlt })).toBeVisible();
});

type Row = [path: string, headers: Record<string, string>, status: number, cache: string];
/** Each kind of response, revalidations and errors included: [path, request headers, status, Cache-Control]. */
async function responses(): Promise<Row[]> {
  const validator = async (path: string, name: string) => String((await raw(path)).headers[name.toLowerCase()]);
  const row =
    (status: number, cache: string, headers: Record<string, string> = {}) =>
    (path: string): Row => [path, headers, status, cache];
  return [
    ...['/', '/privacy', '/privacy/'].map(row(200, 'no-cache')),
    // The 404 page and the hosts' files answer only as errors.
    ...['/no-such-page', '/404', '/404/', '/404.html', '/_headers'].map(row(404, 'no-cache')),
    row(200, cacheControl.hashed)(script),
    ...[webm, first('avif'), first('svg'), first('glb')].map(row(200, cacheControl.other)),
    // A 304 has no type: had the rule keyed on it, a revalidated page would be kept a day after a deploy.
    row(304, 'no-cache', { 'If-None-Match': await validator('/', 'ETag') })('/'),
    row(304, 'no-cache', { 'If-Modified-Since': await validator('/terms', 'Last-Modified') })('/terms'),
    row(304, cacheControl.hashed, { 'If-None-Match': await validator(script, 'ETag') })(script),
    // nginx sends a 416 through its header filters twice: each header must still come once.
    row(416, cacheControl.other, { Range: 'bytes=999999999-' })(mp4),
  ];
}

test('every kind of response carries the security headers', async () => {
  for (const [path, headers, status] of await responses()) {
    const response = await raw(path, headers);
    const label = `${path} ${JSON.stringify(headers)}`;
    expect(response.status, label).toBe(status);
    expect(
      response.names.filter((name, index) => response.names.indexOf(name) !== index),
      label,
    ).toEqual([]);
    // Hashed scripts carry their own, narrower policy (the scene's worker runs under it).
    const policy = path.startsWith('/_astro/') ? scriptPolicy : securityHeaders['Content-Security-Policy'];
    for (const [name, value] of Object.entries({ ...securityHeaders, 'Content-Security-Policy': policy }))
      expect(response.headers[name.toLowerCase()], `${name} on ${label}`).toBe(value);
  }
});

test('caches hashed assets for a year and makes HTML revalidate', async () => {
  expect(script).toMatch(/^\/_astro\/.+\.[\w-]{8}\.js$/);
  for (const [path, headers, , cache] of await responses())
    expect((await raw(path, headers)).headers['cache-control'], `${path} ${JSON.stringify(headers)}`).toBe(cache);
});

test('answers a byte range of a video with 206 and only those bytes', async () => {
  const response = await raw(mp4, { Range: 'bytes=100-1123' });
  expect([response.status, response.body.length, response.headers['content-range']]).toEqual([
    206,
    1024,
    `bytes 100-1123/${statSync(join(dist, mp4)).size}`,
  ]);
});

test('a request for many ranges is answered as one whole file, not as hundreds of parts', async () => {
  const ranges = Array.from({ length: 901 }, (_, index) => `${index * 2}-${index * 2}`).join(',');
  const response = await raw(mp4, { Range: `bytes=${ranges}` });
  expect([response.status, response.body.length]).toEqual([200, statSync(join(dist, mp4)).size]);
});

test('compresses text with brotli or gzip, whichever the browser accepts', async () => {
  // Sent byte for byte from the copies the build wrote (brotli 11, gzip 9), never compressed again per request.
  const copies = built.filter((file) => file.endsWith('.br')).map((file) => file.slice(0, -3));
  for (const kind of [/^index\.html$/, /^privacy\.html$/, /^_astro\/.+\.js$/, /\.glb$/])
    expect(
      copies.some((file) => kind.test(file)),
      `a .br copy of ${kind}`,
    ).toBe(true);
  for (const file of copies) {
    const path =
      file === 'index.html' ? '/' : file === '404.html' ? '/no-such-page' : `/${file.replace(/\.html$/, '')}`;
    for (const [accept, encoding, copy] of [
      ['gzip, deflate, br', 'br', `${file}.br`],
      ['gzip', 'gzip', `${file}.gz`],
      ['identity', undefined, file],
    ]) {
      const response = await raw(path, { 'Accept-Encoding': accept! });
      expect([response.headers['content-encoding'], response.headers.vary], `${path} ${accept}`).toEqual([
        encoding,
        'Accept-Encoding',
      ]);
      expect(response.body.equals(readFileSync(join(dist, copy!))), `${path} is ${copy}`).toBe(true);
    }
  }
  // Video is already compressed: sent as it is, so ranges keep working.
  expect((await raw(webm, { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding']).toBeUndefined();
});

test('sends the right type for video, images and models', async () => {
  // Debian's own type list lacks .glb: deploy/types-and-compression.conf has the site's.
  const types = { mp4: 'video/mp4', webm: 'video/webm', avif: 'image/avif', glb: 'model/gltf-binary' };
  for (const [extension, type] of Object.entries(types))
    expect((await raw(first(extension))).headers['content-type'], extension).toBe(type);
});

test('never serves a dotfile that lands in dist/, and still serves /.well-known/', async () => {
  const files = ['.env', '.git/config', '.DS_Store', 'images/.DS_Store', '.well-known/.hidden'];
  const served = '.well-known/dotfile-probe.txt';
  const cleanup = ['.git', '.well-known'].filter((dir) => !existsSync(join(dist, dir)));
  try {
    for (const file of [...files, served]) {
      mkdirSync(dirname(join(dist, file)), { recursive: true });
      writeFileSync(join(dist, file), 'SECRET=do-not-serve');
    }
    // Also as a browser may write it: percent-encoded.
    for (const file of files.flatMap((file) => [file, file.replace(/\./g, '%2E')]))
      expect((await raw(`/${file}`)).status, file).toBe(404);
    expect((await raw(`/${served}`)).status).toBe(200);
  } finally {
    for (const file of [...files, served]) rmSync(join(dist, file), { force: true });
    for (const dir of cleanup) rmSync(join(dist, dir), { recursive: true, force: true });
  }
});

test('a request body over 1 KB is refused (413) before it is read; a static site takes none', async ({ request }) => {
  // Under the limit the method is what is wrong (405): the limit, not the method, refuses the larger body.
  expect((await request.post('/', { data: 'x'.repeat(512) })).status()).toBe(405);
  expect((await request.post('/', { data: 'x'.repeat(4096) })).status()).toBe(413);
});
