/**
 * Integration tier (needs the built site, nginx and Debian's `wrk`): a bounded load test of the landing page over
 * brotli, on loopback only, against two nginx instances of the production configuration (one worker each): one
 * serving dist/ as built (with its .br copies) and one serving a copy of dist/ without them, which compresses every
 * response on the fly. It prints requests per second and median latency for both; it asserts on bytes (what each
 * sends), never on speed, which on a shared machine says as much about the neighbours as about nginx.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, stopNginx } from '../../scripts/nginx.ts';
import { freePort } from '../support/processes.ts';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');
/** Bounded: each run lasts this long, and the whole test stops by itself well before vitest's timeout. */
const seconds = 3;
const connections = 64;

/** The landing page's body over brotli, as sent. */
function landingBody(port: number): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { 'Accept-Encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  requests: number;
  /** Refused or broken connections and answers other than 2xx/3xx: a broken server, whatever the machine's load. */
  errors: number;
  /** Requests not answered within wrk's timeout: a matter of speed, so printed, never asserted. */
  timeouts: number;
}

/** Reads wrk's summary (`--latency`): requests/s, the 50 % latency, socket errors, non-2xx answers and timeouts. */
export function parseWrk(output: string): WrkResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk printed no ${pattern}:\n${output}`);
    return match;
  };
  const [, rps] = number(/Requests\/sec:\s+([\d.]+)/);
  const [, p50, unit] = number(/\s50%\s+([\d.]+)(us|ms|s)\b/);
  const [, requests] = number(/(\d+) requests in/);
  const scale = { us: 0.001, ms: 1, s: 1000 }[unit as 'us' | 'ms' | 's'];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  const errors =
    (socketErrors ? socketErrors.slice(1, 4).reduce((sum, count) => sum + Number(count), 0) : 0) +
    (non2xx ? Number(non2xx[1]) : 0);
  const timeouts = socketErrors ? Number(socketErrors[4]) : 0;
  return { requestsPerSecond: Number(rps), p50Ms: Number(p50) * scale, requests: Number(requests), errors, timeouts };
}

async function load(port: number): Promise<WrkResult> {
  const { stdout } = await promisify(execFile)(
    'wrk',
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-H',
      'Accept-Encoding: br',
      `http://127.0.0.1:${port}/`,
    ],
    { timeout: (seconds + 20) * 1000 },
  );
  return parseWrk(stdout);
}

describe('wrk summary parser', () => {
  it('reads requests/s, the median latency in ms and the errors', () => {
    const output = `Running 3s test @ http://127.0.0.1:1/
  1 threads and 64 connections
  Latency Distribution
     50%  850.00us
     75%    1.20ms
  22100 requests in 3.00s, 200.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:   7366.12
Transfer/sec:     66.00MB`;
    expect(parseWrk(output)).toEqual({
      requestsPerSecond: 7366.12,
      p50Ms: 0.85,
      requests: 22100,
      errors: 6,
      timeouts: 1,
    });
    expect(() => parseWrk('nothing')).toThrow(/wrk printed no/);
  });
});

describe('landing page under load (loopback, one nginx worker)', () => {
  let onTheFly: string;
  const ports = { precompressed: 0, onTheFly: 0 };

  beforeAll(async () => {
    if (spawnable('wrk') === false) {
      throw new Error(
        "wrk is not installed: it is Debian's package `wrk`, in the server group of the system packages step " +
          '(`node scripts/ensure-system-deps.ts server` as root, the first step of `npm test`).',
      );
    }
    if (!existsSync(join(dist, 'index.html.br'))) {
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
    }
    // The same build without its compressed copies: nginx then compresses each response itself (brotli level 6).
    onTheFly = await mkdtemp(join(tmpdir(), 'dist-on-the-fly-'));
    // mkdtemp makes it private (mode 700), like a checkout in root's home: scripts/nginx.ts serves it all the same.
    await cp(dist, onTheFly, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });
    ports.precompressed = await freePort();
    ports.onTheFly = await freePort();
    await startNginx({ port: ports.precompressed, root: dist });
    await startNginx({ port: ports.onTheFly, root: onTheFly });
  }, 360_000);

  afterAll(async () => {
    for (const port of Object.values(ports)) {
      if (!port) continue;
      await stopNginx(port);
      // Its prefix (config, logs) was made for this run's port alone.
      await rm(join(root, 'deploy/.run', String(port)), { recursive: true, force: true });
    }
    if (onTheFly) await rm(onTheFly, { recursive: true, force: true });
  });

  it('sends the build’s brotli copy from dist/, and compresses on the fly without it', async () => {
    const built = readFileSync(join(dist, 'index.html.br'));
    const precompressed = await landingBody(ports.precompressed);
    expect(precompressed.encoding).toBe('br');
    expect(precompressed.body.equals(built)).toBe(true);
    const compressedPerRequest = await landingBody(ports.onTheFly);
    expect(compressedPerRequest.encoding).toBe('br');
    // Quality 11 at build is smaller than the level nginx can afford per response.
    expect(compressedPerRequest.body.length).toBeGreaterThan(built.length);
  });

  it('prints requests per second for both, with every request answered', { timeout: 60_000 }, async () => {
    const precompressed = await load(ports.precompressed);
    const compressedPerRequest = await load(ports.onTheFly);
    console.log(
      `\nLanding page over brotli, ${connections} connections, ${seconds} s each, one nginx worker, loopback:\n` +
        `  precompressed (brotli_static): ${precompressed.requestsPerSecond.toFixed(0)} requests/s, p50 ${precompressed.p50Ms.toFixed(1)} ms, ${precompressed.timeouts} timed out\n` +
        `  compressed on the fly:         ${compressedPerRequest.requestsPerSecond.toFixed(0)} requests/s, p50 ${compressedPerRequest.p50Ms.toFixed(1)} ms, ${compressedPerRequest.timeouts} timed out\n` +
        `  ratio: ${(precompressed.requestsPerSecond / compressedPerRequest.requestsPerSecond).toFixed(1)}x (target: >= 5,000 requests/s precompressed)`,
    );
    for (const result of [precompressed, compressedPerRequest]) {
      expect(result.requests).toBeGreaterThan(0);
      expect(result.errors).toBe(0);
    }
  });
});

function spawnable(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1: present all the same.
    return (error as { code?: string }).code !== 'ENOENT';
  }
}
