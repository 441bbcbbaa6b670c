/**
 * The production nginx configuration (deploy/) under clients that hold connections: slow senders, slow readers, many
 * at once from one address, and the plain-HTTP redirect server. Each test starts an instance of its own on a free
 * loopback port, so the connections it holds never reach the server the rest of the suite shares. Every loop is
 * bounded in count, every socket is closed when the test ends.
 */
import { expect, test } from '@playwright/test';
import { chmodSync, copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteHostFromConfig, startNginx, stopNginx } from '../../scripts/nginx.ts';
import { siteConfig } from '../../src/config/index.ts';
import { freePort } from '../support/processes.ts';

const config = siteConfig();

const root = join(import.meta.dirname, '../..');
/** The per-address limit deploy/site.conf sets: the limit test opens exactly one connection more. */
const perAddress = Number(
  /^limit_conn tablemates_per_address (\d+);$/m.exec(readFileSync(join(root, 'deploy/site.conf'), 'utf8'))?.[1],
);
/** Big enough that a client that stops reading holds its response: far more than loopback's socket buffers take. */
const bigFileBytes = 8 * 1024 * 1024;

/** Serves a directory with the site's index page and one big file, on a port of its own, for one test. */
async function ownServer(options: { redirect?: { siteHost: string } } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'serving-limits-'));
  // mkdtemp makes it private; nginx's workers (nobody, when started as root) must read it as they read dist/.
  chmodSync(dir, 0o755);
  copyFileSync(join(root, 'dist/index.html'), join(dir, 'index.html'));
  cpSync(join(root, 'dist/_nginx'), join(dir, '_nginx'), { recursive: true });
  writeFileSync(join(dir, 'big.bin'), Buffer.alloc(bigFileBytes));
  const port = await freePort();
  await startNginx({ port, root: dir, ...options });
  return {
    port,
    async stop() {
      await stopNginx(port);
      rmSync(join(root, 'deploy/.run', String(port)), { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A plain GET; resolves with the status and headers. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a connection that sends the start of a request and never the rest; `closed` says whether the server hung up. */
function slowSender(port: number): Promise<{ socket: Socket; closed: () => boolean; closing: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let closed = false;
    const closing = new Promise<void>((done) => socket.once('close', () => ((closed = true), done())));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      resolve({ socket, closed: () => closed, closing });
    });
  });
}

/** Asks for the big file and reads only the first chunk: the response stays in flight. Resolves with its status. */
function slowReader(port: number): Promise<{ socket: Socket; status: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('connect', () => socket.write('GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve({ socket, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]) });
    });
  });
}

test('many slow clients do not stop a normal request', async () => {
  test.setTimeout(30_000);
  const server = await ownServer();
  const slow: Awaited<ReturnType<typeof slowSender>>[] = [];
  try {
    // Hundreds of slow clients: with too few worker_connections (deploy/nginx.conf) a normal visitor would wait behind
    // them until one timed out.
    for (let i = 0; i < 300; i++) slow.push(await slowSender(server.port));
    expect((await get(server.port, '/')).status).toBe(200);
    // Answered while every slow client is still connected: not because one gave up.
    expect(slow.filter((client) => client.closed())).toHaveLength(0);
  } finally {
    for (const client of slow) client.socket.destroy();
    await server.stop();
  }
});

test('a client that never finishes its request is dropped, not held for a minute', async () => {
  // The header timeout (deploy/site.conf) is well under this test's time; nginx's default (60 s) is over it.
  test.setTimeout(30_000);
  const server = await ownServer();
  const client = await slowSender(server.port);
  try {
    await client.closing;
    expect(client.closed()).toBe(true);
  } finally {
    client.socket.destroy();
    await server.stop();
  }
});

test('one address gets a bounded number of transfers at once; others still get theirs', async () => {
  test.setTimeout(60_000);
  expect(perAddress).toBeGreaterThanOrEqual(64); // the load test's 64 connections from one address pass
  const server = await ownServer();
  const readers: Socket[] = [];
  try {
    // One at a time, so the count is exact: each holds its transfer, as a client that stops reading does.
    for (let i = 0; i < perAddress; i++) {
      const reader = await slowReader(server.port);
      readers.push(reader.socket);
      expect(reader.status, `transfer ${i + 1}`).toBe(200);
    }
    const oneTooMany = await slowReader(server.port);
    readers.push(oneTooMany.socket);
    expect(oneTooMany.status).toBe(429);
    // Once one is let go, the address gets a transfer again.
    readers.shift()!.destroy();
    await expect.poll(async () => (await get(server.port, '/')).status).toBe(200);
  } finally {
    for (const socket of readers) socket.destroy();
    await server.stop();
  }
});

test('the plain-HTTP server redirects to the configured site host, never to the Host a client sends', async () => {
  const siteHost = await siteHostFromConfig();
  expect(siteHost).toBe(new URL(config.siteUrl).host);
  const server = await ownServer({ redirect: { siteHost } });
  try {
    for (const host of ['evil.example', siteHost, '127.0.0.1']) {
      const response = await get(server.port, '/terms?from=mail', { Host: host });
      expect(response.status, host).toBe(301);
      expect(response.location, host).toBe(`https://${siteHost}/terms?from=mail`);
    }
  } finally {
    await server.stop();
  }
});
