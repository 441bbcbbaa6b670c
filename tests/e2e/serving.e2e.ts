/**
 * The production server (deploy/ nginx configuration, which playwright.config.ts starts for the whole suite): security
 * headers on every response, caching, compression, types, ranges and addresses, and a Content-Security-Policy under
 * which every page runs without a single violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { port } from '../../playwright.config.ts';
import { sceneAlt } from '../../src/lib/media.ts';
import { cacheControl, scriptPolicy } from '../../src/lib/headers.ts';
import { parseHeadersFile } from '../unit/headers-files.ts';
import { recordSceneModes } from './support/scene-modes.ts';

const dist = join(import.meta.dirname, '../../dist');
/** The security headers of this build, as written for the static hosts: nginx must send exactly these. */
const expected = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'))['/*']!;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Header names as sent, once per occurrence (lower case). */
  names: string[];
  bytes: number;
}

/** A request without any client-side decoding, so byte counts and encodings are what went over the wire. */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          names: res.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
          bytes,
        }),
      );
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
    // The scene's worker has done everything it does (decoder, WebAssembly, drawing) once the scene is live.
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

test('every kind of response carries the security headers', async () => {
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
    // Hashed scripts carry their own, narrower policy (a worker runs under it); every other header is the same.
    const policy = path!.startsWith('/_astro/') ? scriptPolicy : expected['Content-Security-Policy'];
    for (const [name, value] of Object.entries({ ...expected, 'Content-Security-Policy': policy }))
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
  // A worker runs under its own script's policy: the site's scripts carry the narrow one the 3D scene's worker needs.
  expect((await raw(asset)).headers['content-security-policy']).toBe(scriptPolicy);
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
    // The site ships no .wasm today (the scene's mesh decoder is inlined in its worker): a probe file stands in.
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

test('a revalidated page (304) is still marked no-cache, so the next visit asks again', async () => {
  // A 304 has no Content-Type: had the rule keyed on the type, the 304 would say "keep a day", and a browser that
  // revalidated once would show the old page for a day after a deploy.
  for (const path of ['/', '/terms', '/privacy/']) {
    const first = await raw(path);
    expect(first.headers['cache-control'], path).toBe('no-cache');
    const etag = String(first.headers['etag']);
    const lastModified = String(first.headers['last-modified']);
    const conditions: Record<string, string>[] = [{ 'If-None-Match': etag }, { 'If-Modified-Since': lastModified }];
    for (const condition of conditions) {
      const revalidated = await raw(path, condition);
      expect(revalidated.status, `${path} ${JSON.stringify(condition)}`).toBe(304);
      expect(revalidated.headers['cache-control'], `${path} ${JSON.stringify(condition)}`).toBe('no-cache');
    }
  }
  // Hashed assets and media keep their own rules when revalidated.
  const asset = firstFile('js', '_astro')!;
  const etag = String((await raw(asset)).headers['etag']);
  expect((await raw(asset, { 'If-None-Match': etag })).headers['cache-control']).toBe(cacheControl.hashed);
});

test('never serves a dotfile that lands in dist/, and still serves /.well-known/', async () => {
  const secret = 'SECRET=do-not-serve';
  const files = ['.env', '.git/config', '.DS_Store', 'images/.DS_Store', '.well-known/.hidden'];
  const served = '.well-known/dotfile-probe.txt';
  try {
    for (const file of [...files, served]) {
      mkdirSync(dirname(join(dist, file)), { recursive: true });
      writeFileSync(join(dist, file), secret);
    }
    for (const file of files) {
      const response = await raw(`/${file}`);
      expect(response.status, file).toBe(404);
      // Also as the browser may write it: percent-encoded.
      expect((await raw(`/${file.replace(/\./g, '%2E')}`)).status, `${file} encoded`).toBe(404);
    }
    expect((await raw(`/${served}`)).status).toBe(200);
  } finally {
    for (const file of [...files, served]) rmSync(join(dist, file), { force: true });
    for (const dir of ['.git', '.well-known']) {
      if (existsSync(join(dist, dir)) && readdirSync(join(dist, dir)).length === 0)
        rmSync(join(dist, dir), { recursive: true });
    }
  }
});

test('an unsatisfiable range (416) carries each header once', async () => {
  const video = firstFile('mp4', 'videos')!;
  const response = await raw(video, { Range: 'bytes=999999999-' });
  expect(response.status).toBe(416);
  const repeated = response.names.filter((name, index) => response.names.indexOf(name) !== index);
  expect(repeated).toEqual([]);
  for (const [name, value] of Object.entries(expected)) expect(response.headers[name.toLowerCase()], name).toBe(value);
});

test('a request body over 1 KB is refused (413) before it is read; a static site takes none', async ({ request }) => {
  // Under the limit the method is what is wrong (405): the limit, not the method, refuses the larger body.
  expect((await request.post('/', { data: 'x'.repeat(512) })).status()).toBe(405);
  expect((await request.post('/', { data: 'x'.repeat(4096) })).status()).toBe(413);
});

test('a request for many ranges is answered as one whole file, not as hundreds of parts', async () => {
  const video = firstFile('mp4', 'videos')!;
  const ranges = Array.from({ length: 901 }, (_, index) => `${index * 2}-${index * 2}`).join(',');
  const response = await raw(video, { Range: `bytes=${ranges}` });
  expect(response.headers['content-type']).not.toMatch(/multipart/);
  expect(response.status).toBe(200);
  expect(response.bytes).toBe(statSync(join(dist, video)).size);
});

/** The page policy `/` ships with (its `<meta http-equiv>`, written by Astro: astro.config.ts). */
const shippedPagePolicy = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(
  readFileSync(join(dist, 'index.html'), 'utf8'),
)![1]!;

/**
 * Loads `/` with `policy` as its page policy, and brings the 3D scene into view. The document's policy decides which
 * workers it may start; a worker then runs under the headers of its own script's response (the header policy).
 */
async function sceneUnder(page: Page, policy: string) {
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(shippedPagePolicy, policy);
    await route.fulfill({ response, body });
  });
  const consoleReports = await recordViolations(page);
  const modes = await recordSceneModes(page);
  await page.goto('/');
  await page.locator('figure[data-scene]').scrollIntoViewIfNeeded();
  return { consoleReports, modes };
}

test('under the shipped policy, the 3D scene draws in its worker without a violation', async ({ page }) => {
  const { consoleReports, modes } = await sceneUnder(page, shippedPagePolicy);
  await expect.poll(modes, { timeout: 60_000 }).toEqual(['loading', 'live']);
  expect(await violationsIn(page)).toEqual([]);
  expect(consoleReports).toEqual([]);
});

// The page's sources for the scene are as narrow as they can be: take one away and the scene cannot start (the still
// stays). What runs inside the scene's worker obeys the worker's own (header) policy, not the page's.
for (const [directive, source, blocked] of [['worker-src', "'self'", "the scene's WebGL probe"]] as const) {
  test(`without ${source} in ${directive}, ${blocked} is refused and the still stays`, async ({ page }) => {
    test.setTimeout(90_000);
    const policy = shippedPagePolicy
      .split(/;\s*/)
      .map((entry) => {
        const [name, ...sources] = entry.split(' ');
        return name === directive ? [name, ...sources.filter((candidate) => candidate !== source)].join(' ') : entry;
      })
      .join('; ');
    expect(policy).not.toBe(shippedPagePolicy);
    const { modes } = await sceneUnder(page, policy);
    // Refused, the probe (the first of the scene's workers) cannot say the scene can draw: it never starts.
    await expect
      .poll(() => violationsIn(page), { timeout: 60_000 })
      .toContainEqual(expect.stringMatching(new RegExp(`^${directive} blocked .*/webglProbe`)));
    expect(await modes()).not.toContain('loading');
    await expect(page.locator('figure[data-scene]').getByRole('img', { name: sceneAlt })).toBeVisible();
  });
}
