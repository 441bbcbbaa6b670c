/**
 * The production nginx configuration under clients that hold connections (slow senders, slow readers, many at once
 * from one address), and for a build in a folder only its owner may enter. Each test starts an instance of its own,
 * so the connections it holds never reach the server the rest of the suite shares.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx } from '../../scripts/nginx.ts';
import { freePort } from '../support/processes.ts';

const dist = join(import.meta.dirname, '../../dist');
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
  for (const file of ['index.html', 'index.html.br', '_nginx'])
    cpSync(join(dist, file), join(dir, file), { recursive: true });
  writeFileSync(join(dir, 'big.bin'), Buffer.alloc(8 * 1024 * 1024));
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'daemon:', dir]);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  const port = await freePort();
  cleanup.push((await startNginx({ port, root: dir })).stop);
  return { port, dir };
}

/** A GET: the status and the body as sent. */
const get = (port: number, headers: Record<string, string> = {}) =>
  new Promise<{ status?: number; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

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
  const response = await get(port, { 'Accept-Encoding': 'br' });
  expect(response.status).toBe(200);
  expect(response.body.equals(readFileSync(join(dir, 'index.html.br')))).toBe(true);
});

test('many slow clients do not stop a normal request', async () => {
  const { port } = await ownServer();
  // With too few worker_connections (deploy/nginx.conf) a visitor would wait behind them until one timed out.
  const slow = [];
  for (let i = 0; i < 300; i++) slow.push(await slowSender(port));
  let dropped = 0;
  for (const client of slow) void client.closed.then(() => dropped++);
  expect((await get(port)).status).toBe(200);
  expect(dropped, 'answered only once a slow client was let go').toBe(0);
});

test('a client that never finishes its request is dropped, not held for a minute', async () => {
  test.setTimeout(30_000); // the header timeout (deploy/site.conf) is well under it; nginx's default (60 s) is over
  await (
    await slowSender((await ownServer()).port)
  ).closed;
});

test('one address gets a bounded number of transfers at once; others still get theirs', async () => {
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
  await expect.poll(async () => (await get(port)).status).toBe(200);
});
