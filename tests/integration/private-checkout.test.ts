/**
 * Integration tier (needs nginx): a checkout inside a directory only its owner may enter (mode 700, like root's home
 * on Debian or any `mktemp -d`) is served as it is, whoever starts nginx. Started as root, nginx runs its workers as
 * `nobody` unless told otherwise, and `nobody` cannot enter such a directory: every page answered 403
 * (scripts/nginx.ts now runs them as the owner of the directory served). Run as root, as `npm test` is on a fresh
 * Debian machine, this test also serves a checkout owned by another user; as a normal user, one of its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startNginx, stopNginx } from '../../scripts/nginx.ts';
import { writeHostFiles } from '../../src/lib/hostFiles.node.ts';
import { freePort } from '../support/processes.ts';

const root = join(import.meta.dirname, '../..');
const asRoot = process.getuid?.() === 0;
/** The site's two kinds of page, each with the brotli copy the build writes beside it. */
const pages = { 'index.html': '<!doctype html><title>Home</title>', 'privacy.html': '<!doctype html><title>P</title>' };
const brotli = (file: keyof typeof pages) => brotliCompressSync(pages[file]);

/** A GET with Accept-Encoding: br: the status, the encoding and the body as sent. */
function get(port: number, path: string): Promise<{ status?: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A built site at <private>/checkout/dist, where <private> is a fresh `mktemp -d`; chowned to `owner` if given. */
async function privateCheckout(owner?: string) {
  const home = await mkdtemp(join(tmpdir(), 'private-checkout-'));
  cleanup.push(() => rm(home, { recursive: true, force: true }));
  const dist = join(home, 'checkout/dist');
  await mkdir(dist, { recursive: true });
  for (const file of Object.keys(pages) as (keyof typeof pages)[]) {
    await writeFile(join(dist, file), pages[file]);
    await writeFile(join(dist, `${file}.br`), brotli(file));
  }
  await writeHostFiles(dist, { invitePath: '/join' });
  // `owner:` is the user and their login group.
  if (owner) execFileSync('chown', ['-R', `${owner}:`, home]);
  expect((await stat(home)).mode & 0o777, 'mkdtemp makes a directory only its owner may enter').toBe(0o700);
  return dist;
}

/** Serves `dist` with scripts/nginx.ts and checks that both pages answer 200 with their brotli copy. */
async function servesEveryPage(dist: string) {
  const port = await freePort();
  cleanup.push(async () => {
    await stopNginx(port);
    await rm(join(root, 'deploy/.run', String(port)), { recursive: true, force: true });
  });
  const { prefix } = await startNginx({ port, root: dist });
  // What nginx said, for the message of a failure (its prefix is removed after the tests).
  const log = () =>
    readFileSync(join(prefix, 'logs/error.log'), 'utf8')
      .split('\n')
      .find((line) => line.includes('[error]'));
  for (const [path, file] of [
    ['/', 'index.html'],
    ['/privacy', 'privacy.html'],
  ] as const) {
    const { status, encoding, body } = await get(port, path);
    expect(status, `${path}: ${log()}`).toBe(200);
    expect(encoding, path).toBe('br');
    expect(body.equals(brotli(file)), path).toBe(true);
  }
}

describe('a checkout in a directory of mode 700', () => {
  it('is served with 200 and the brotli copy, by whoever owns it', async () => {
    await servesEveryPage(await privateCheckout());
  });

  // `daemon` is in every Debian's base users; neither root nor `nobody`, so only the owner's own workers get in.
  it.runIf(asRoot)('started as root, is served when another user owns it', async () => {
    await servesEveryPage(await privateCheckout('daemon'));
  });
});
