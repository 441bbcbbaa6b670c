/**
 * The production TLS server: HTTP/2 with Mozilla's intermediate TLS settings (deploy/tls.conf), and Mozilla's HTTP
 * Observatory grades the production nginx configuration A+. The scanner only speaks to the standard ports, so this
 * file serves dist/ over TLS on 127.0.0.1:443 (with a certificate from a throwaway local CA it makes here) and
 * redirects 127.0.0.1:80 to it, as production does; Chromium loads a page over it, and the scanner's own scan script
 * runs directly.
 *
 * The scanner is a dev dependency, installed without its install script (.npmrc), which would download lists from the
 * internet.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { connect, type ConnectionOptions } from 'node:tls';
import { join } from 'node:path';
import { startNginx, stopNginx } from '../../scripts/nginx.ts';

const root = join(import.meta.dirname, '../..');
const httpsPort = 443;
const httpPort = 80;

/** Why the standard ports cannot be used here, or undefined when both can be bound on 127.0.0.1. */
async function portProblem(): Promise<string | undefined> {
  for (const port of [httpPort, httpsPort]) {
    const problem = await new Promise<string | undefined>((resolve) => {
      const server = createServer();
      server.once('error', (error: NodeJS.ErrnoException) =>
        resolve(`127.0.0.1:${port} cannot be bound (${error.code})`),
      );
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)));
    });
    if (problem) return problem;
  }
  return undefined;
}

/** The scanner's package directory, with the HSTS preload list its skipped install script would have downloaded. */
function observatoryPackage(): string {
  const dir = join(root, 'node_modules/@mdn/mdn-http-observatory');
  // With an empty list, no host counts as preloaded, which is true of localhost.
  const preload = join(dir, 'conf/hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}');
  return dir;
}

/** A throwaway CA and a localhost certificate it signs; returns the file paths. */
function makeCertificates(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ecKey,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Tablemates test CA',
  );
  openssl('req', ...ecKey, '-keyout', file('site.key'), '-out', file('site.csr'), '-subj', '/CN=localhost');
  writeFileSync(
    file('site.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('site.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('site.pem'),
    '-days',
    '1',
    '-extfile',
    file('site.ext'),
  );
  return { ca: file('ca.pem'), cert: file('site.pem'), key: file('site.key') };
}

let tls: ReturnType<typeof makeCertificates>;
let scanner: string;

test.describe.serial('the production TLS server on 127.0.0.1:443', () => {
  test.beforeAll(async () => {
    const problem = await portProblem();
    if (problem) console.log(`TLS server tests NOT run: ${problem}; they need ports 80 and 443 (run as root).`);
    test.skip(Boolean(problem), `TLS server tests not run: ${problem}`);
    scanner = observatoryPackage();
    tls = makeCertificates(join(root, 'deploy/.run/observatory-tls'));
    await startNginx({
      port: httpsPort,
      tls: { port: httpsPort, redirectPort: httpPort, cert: tls.cert, key: tls.key, serverName: 'localhost' },
    });
  });

  test.afterAll(async () => {
    await stopNginx(httpsPort);
  });

  test('serves HTTP/2 to Chromium, over TLS 1.2 or 1.3 with the intermediate ciphers only', async ({ browser }) => {
    // The throwaway CA is not in Chromium's trust store (adding it would change the machine's); skip the check.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const response = await page.goto('https://localhost/');
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    const security = await response?.securityDetails();
    console.log(
      `HTTP/2 check: Chromium loaded https://localhost/ (status ${response?.status()}) with nextHopProtocol ` +
        `"${protocol}" over ${security?.protocol}`,
    );
    expect(response?.status()).toBe(200);
    expect(protocol).toBe('h2');
    expect(['TLS 1.2', 'TLS 1.3']).toContain(security?.protocol);
    await context.close();

    // The TLS settings themselves, from a client that names what it offers.
    const handshake = (options: ConnectionOptions) =>
      new Promise<string>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: httpsPort, servername: 'localhost', ...options }, () => {
          resolve(`${socket.getProtocol()} ${socket.getCipher().name} ALPN ${socket.alpnProtocol}`);
          socket.end();
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(`refused (${error.code ?? error.message})`));
      });
    const ca = readFileSync(tls.ca);
    const alpn = { ALPNProtocols: ['h2', 'http/1.1'] };
    const results = {
      'TLS 1.3': await handshake({ ca, ...alpn, minVersion: 'TLSv1.3' }),
      'TLS 1.2': await handshake({ ca, ...alpn, maxVersion: 'TLSv1.2' }),
      // A CBC suite nginx's default list (HIGH:!aNULL:!MD5) accepts, and Mozilla's intermediate list does not.
      'TLS 1.2, CBC only': await handshake({ ca, maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-SHA' }),
    };
    for (const [offer, result] of Object.entries(results)) console.log(`  ${offer}: ${result}`);
    expect(results['TLS 1.3']).toMatch(/^TLSv1\.3 TLS_\w+ ALPN h2$/);
    expect(results['TLS 1.2']).toMatch(
      /^TLSv1\.2 ECDHE-ECDSA-(AES128-GCM-SHA256|AES256-GCM-SHA384|CHACHA20-POLY1305) ALPN h2$/,
    );
    expect(results['TLS 1.2, CBC only']).toMatch(/^refused/);
  });

  test('the plain-HTTP server sends every visitor to the site host, whatever Host they name', async () => {
    // Here the site host is localhost, the name on the test certificate (production: siteUrl's host).
    for (const host of ['evil.example', 'localhost']) {
      const location = await new Promise<string | undefined>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: httpPort, path: '/terms?from=mail', headers: { Host: host } },
          (res) => {
            res.resume();
            resolve(res.headers.location);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(location, `Host: ${host}`).toBe('https://localhost/terms?from=mail');
    }
  });

  test('the HTTP Observatory grades the nginx configuration A+, scoring at least 120', async () => {
    test.setTimeout(240_000);
    const output = execFileSync(process.execPath, [join(scanner, 'src/scan.js'), 'localhost'], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: tls.ca },
      encoding: 'utf8',
    });
    const result = JSON.parse(output) as {
      scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
      tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
    };
    const { grade, score, testsPassed, testsQuantity } = result.scan;
    console.log(`HTTP Observatory: grade ${grade}, score ${score}, ${testsPassed}/${testsQuantity} tests passed`);
    for (const [name, outcome] of Object.entries(result.tests)) {
      console.log(`  ${outcome.pass ? 'pass' : 'FAIL'} ${name}: ${outcome.result} (${outcome.scoreModifier})`);
    }
    expect(grade).toBe('A+');
    expect(score).toBeGreaterThanOrEqual(120);
  });
});
