/**
 * The production TLS server: HTTP/2 with Mozilla's intermediate TLS settings (deploy/tls.conf), the plain-HTTP
 * redirect, and Mozilla's HTTP Observatory (a dev dependency, its downloading install script skipped: .npmrc) grading
 * it A+. The scanner speaks only to the standard ports: dist/ is served over TLS on 127.0.0.1:443, with a throwaway
 * certificate, and 127.0.0.1:80 redirects to it, as production does.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions } from 'node:tls';
import { startNginx } from '../../scripts/nginx.ts';

const scanner = join(import.meta.dirname, '../../node_modules/@mdn/mdn-http-observatory');
let [dir, cert, key] = ['', '', ''];
let stop = async () => {};

/** Whether 127.0.0.1:port can be bound here (root, and not taken). */
const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

test.describe.serial('the production TLS server on 127.0.0.1:443', () => {
  test.beforeAll(async () => {
    // The scanner speaks only to the standard ports: a machine where they cannot be had fails here, never skips.
    if (!((await bindable(80)) && (await bindable(443))))
      throw new Error('the TLS server tests need 127.0.0.1:80 and :443: run as root, with nothing else on them.');
    dir = mkdtempSync(join(tmpdir(), 'observatory-'));
    [cert, key] = [join(dir, 'site.pem'), join(dir, 'site.key')];
    const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'];
    const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'];
    execFileSync('openssl', ['req', '-x509', ...ecKey, ...subject, '-keyout', key, '-out', cert], { stdio: 'pipe' });
    // With an empty HSTS preload list (its download is the skipped install script), localhost is not preloaded.
    if (!existsSync(join(scanner, 'conf/hsts-preload.json')))
      writeFileSync(join(scanner, 'conf/hsts-preload.json'), '{}');
    ({ stop } = await startNginx({ port: 443, tls: { redirectPort: 80, cert, key, serverName: 'localhost' } }));
  });
  test.afterAll(async () => {
    await stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('serves HTTP/2 over TLS 1.2 or 1.3 with the intermediate ciphers only', async () => {
    const handshake = (options: ConnectionOptions) =>
      new Promise<string>((resolve) => {
        const offer = { host: '127.0.0.1', port: 443, servername: 'localhost', ca: readFileSync(cert), ...options };
        const socket = connect(offer, () => {
          resolve(`${socket.getProtocol()} ${socket.getCipher().name} ${socket.alpnProtocol}`);
          socket.end();
        }).on('error', (error: NodeJS.ErrnoException) => resolve(`refused (${error.code})`));
      });
    const alpn = { ALPNProtocols: ['h2', 'http/1.1'] };
    expect(await handshake({ ...alpn, minVersion: 'TLSv1.3' })).toMatch(/^TLSv1\.3 TLS_\w+ h2$/);
    expect(await handshake({ ...alpn, maxVersion: 'TLSv1.2' })).toMatch(
      /^TLSv1\.2 ECDHE-ECDSA-(AES128-GCM-SHA256|AES256-GCM-SHA384|CHACHA20-POLY1305) h2$/,
    );
    // A CBC suite nginx's default list (HIGH:!aNULL:!MD5) accepts, and Mozilla's intermediate list does not.
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-SHA' })).toMatch(/^refused/);
  });

  test('the plain-HTTP server sends every visitor to the site host, whatever Host they name', async () => {
    // Here the site host is localhost, the name on the certificate (production: siteUrl's host).
    for (const host of ['evil.example', 'localhost', '127.0.0.1']) {
      const location = await new Promise((resolve, reject) =>
        request({ host: '127.0.0.1', port: 80, path: '/terms?from=mail', headers: { Host: host } }, (res) =>
          resolve([res.statusCode, res.resume().headers.location]),
        )
          .on('error', reject)
          .end(),
      );
      expect(location, `Host: ${host}`).toEqual([301, 'https://localhost/terms?from=mail']);
    }
  });

  test('the HTTP Observatory grades the nginx configuration A+, scoring at least 120', async () => {
    test.setTimeout(240_000);
    const output = execFileSync(process.execPath, [join(scanner, 'src/scan.js'), 'localhost'], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
      encoding: 'utf8',
    });
    const { scan, tests } = JSON.parse(output) as { scan: { grade: string; score: number }; tests: object };
    expect(scan.grade, `tests: ${JSON.stringify(tests)}`).toBe('A+');
    expect(scan.score).toBeGreaterThanOrEqual(120);
  });
});
