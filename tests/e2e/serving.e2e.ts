/**
 * What the production server (deploy/ and the build's dist-nginx/, which playwright.config.ts starts for the whole
 * suite) sends: the security headers and Cache-Control on every kind of response, the build's compressed copies,
 * types, ranges, no dotfile and no upload, and a Content-Security-Policy under which every page runs cleanly. The
 * tests of clients that hold connections start an instance of their own, so they never reach the shared one.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { port as sharedPort } from '../../playwright.config.ts';
import { startNginx } from '../../scripts/nginx.ts';
import { cacheControl, scriptPolicy, securityHeaders } from '../../src/lib/headers.ts';
import { freePort } from '../support/processes.ts';
import { fullRun, fullRunUnless } from './support/tiers.ts';

const dist = join(import.meta.dirname, '../../dist');
const built = readdirSync(dist, { recursive: true, encoding: 'utf8' });
/** The first built file with this extension, as a URL path. */
const first = (extension: string) => `/${built.find((name) => name.endsWith(`.${extension}`))}`;
const [script, mp4, webm] = [first('js'), first('mp4'), first('webm')];

/** A request without any decoding: the response, with its body as sent. */
const raw = (path: string, headers: Record<string, string> = {}, port = sharedPort) =>
  new Promise<IncomingMessage & { body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
    });
    req.on('error', reject).end();
  });

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
  test(
    `${path} runs without a Content-Security-Policy violation`,
    fullRunUnless(path !== '/terms'),
    async ({ page }) => {
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
    },
  );
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
    // nginx sends a 416 through its header filters twice: each header must still come once (twice, Node joins them).
    row(416, cacheControl.other, { Range: 'bytes=999999999-' })(mp4),
  ];
}

test('every kind of response carries the security headers', async () => {
  for (const [path, headers, status] of await responses()) {
    const response = await raw(path, headers);
    const label = `${path} ${JSON.stringify(headers)}`;
    expect(response.statusCode, label).toBe(status);
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
  expect([response.statusCode, response.body.length, response.headers['content-range']]).toEqual([
    206,
    1024,
    `bytes 100-1123/${statSync(join(dist, mp4)).size}`,
  ]);
});

test('a request for many ranges is answered as one whole file, not as hundreds of parts', async () => {
  const ranges = Array.from({ length: 901 }, (_, index) => `${index * 2}-${index * 2}`).join(',');
  const response = await raw(mp4, { Range: `bytes=${ranges}` });
  expect([response.statusCode, response.body.length]).toEqual([200, statSync(join(dist, mp4)).size]);
});

test('compresses text with brotli or gzip, whichever the browser accepts', async () => {
  // Sent byte for byte from the copies the build wrote (brotli 11, gzip 9), never compressed again per request.
  const copies = built.filter((file) => file.endsWith('.br')).map((file) => file.slice(0, -3));
  expect(copies).toEqual(
    expect.arrayContaining(['index.html', 'privacy.html', script.slice(1), first('glb').slice(1)]),
  );
  const encodings = { 'gzip, deflate, br': ['br', '.br'], gzip: ['gzip', '.gz'], identity: [undefined, ''] };
  for (const file of copies) {
    const path = { 'index.html': '/', '404.html': '/no-such-page' }[file] ?? `/${file.replace(/\.html$/, '')}`;
    for (const [accept, [encoding, suffix]] of Object.entries(encodings)) {
      const response = await raw(path, { 'Accept-Encoding': accept });
      const sent = [response.headers['content-encoding'], response.headers.vary, response.body];
      expect(sent, `${path} ${accept}`).toEqual([encoding, 'Accept-Encoding', readFileSync(join(dist, file + suffix))]);
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
      expect((await raw(`/${file}`)).statusCode, file).toBe(404);
    expect((await raw(`/${served}`)).statusCode).toBe(200);
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

const sockets: Socket[] = [];
const cleanup: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const step of cleanup.splice(0).reverse()) await step();
});

/**
 * Serves the landing page (with its brotli copy) and an 8 MB file, far more than loopback's socket buffers hold, from
 * a `mktemp -d` folder: mode 700, owned by `daemon` when run as root (neither root nor the `nobody` nginx's workers
 * would otherwise run as), so only workers running as the folder's owner get in.
 */
async function ownServer() {
  const dir = mkdtempSync(join(tmpdir(), 'serving-limits-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => rmSync(`${dir}-nginx`, { recursive: true, force: true }));
  for (const file of ['index.html', 'index.html.br']) cpSync(join(dist, file), join(dir, file));
  cpSync(`${dist}-nginx`, `${dir}-nginx`, { recursive: true });
  writeFileSync(join(dir, 'big.bin'), Buffer.alloc(8 * 1024 * 1024));
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'daemon:', dir]);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  const port = await freePort();
  cleanup.push((await startNginx({ port, root: dir })).stop);
  return { port, dir };
}

/** Opens a connection, writes `text` and resolves once connected; the first answer's status comes in `status`. */
function client(port: number, text: string) {
  return new Promise<{ closed: Promise<void>; status: Promise<number> }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve({ closed, status }));
    sockets.push(socket);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    // Reads only the first chunk, then stops reading: the rest of a big answer stays in flight.
    const status = new Promise<number>((done) =>
      socket.once('data', (chunk: Buffer) => done(Number((socket.pause(), chunk.toString('latin1').slice(9, 12))))),
    );
    socket.once('error', reject).write(text);
  });
}
const slowSender = (port: number) => client(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
const slowReader = async (port: number) =>
  (await client(port, 'GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).status;

test('a build in a folder only its owner may enter is served, whoever owns it', async () => {
  const { port, dir } = await ownServer();
  const response = await raw('/', { 'Accept-Encoding': 'br' }, port);
  expect(response.statusCode).toBe(200);
  expect(response.body.equals(readFileSync(join(dir, 'index.html.br')))).toBe(true);
});

// The server's limits under abuse (deploy/): seconds of waiting each, and only a change to deploy/ can break them.
test('many slow clients do not stop a normal request', fullRun, async () => {
  const { port } = await ownServer();
  // With too few worker_connections (deploy/nginx.conf) a visitor would wait behind them until one timed out.
  const slow = [];
  for (let i = 0; i < 300; i++) slow.push(await slowSender(port));
  let dropped = 0;
  for (const client of slow) void client.closed.then(() => dropped++);
  expect((await raw('/', {}, port)).statusCode).toBe(200);
  expect(dropped, 'answered only once a slow client was let go').toBe(0);
});

test('a client that never finishes its request is dropped, not held for a minute', fullRun, async () => {
  test.setTimeout(30_000); // the header timeout (deploy/site.conf) is well under it; nginx's default (60 s) is over
  const { closed } = await slowSender((await ownServer()).port);
  await closed;
});

test('one address gets a bounded number of transfers at once; others still get theirs', fullRun, async () => {
  test.setTimeout(60_000);
  const perAddress = Number(
    /^limit_conn \w+ (\d+);$/m.exec(readFileSync(join(dist, '../deploy/site.conf'), 'utf8'))?.[1],
  );
  const { port } = await ownServer();
  // One at a time, so the count is exact: each holds its transfer, as a client that stops reading does.
  for (let i = 0; i < perAddress; i++) expect(await slowReader(port), `transfer ${i + 1}`).toBe(200);
  expect(await slowReader(port)).toBe(429);
  // Once one is let go, the address gets a transfer again.
  sockets.shift()!.destroy();
  await expect.poll(async () => (await raw('/', {}, port)).statusCode).toBe(200);
});
