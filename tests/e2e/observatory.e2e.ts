/**
 * Mozilla's HTTP Observatory grades the production nginx configuration A+. The scanner only speaks to the standard
 * ports, so this test serves dist/ over TLS on 127.0.0.1:443 (with a certificate from a throwaway local CA it makes
 * here) and redirects 127.0.0.1:80 to it, as production does, then calls the scanner's src/scan.js directly.
 *
 * The scanner is not a dev dependency: its install scripts download lists from the internet and build a PostgreSQL
 * client, neither of which the scan needs. It is used from node_modules when present, else installed once, without
 * install scripts, into .cache/observatory/.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startNginx, stopNginx } from '../../scripts/nginx.mjs';

const root = join(import.meta.dirname, '../..');
const observatoryVersion = '1.4.8';
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

/** The scanner's package directory, installing it into .cache/ when the project does not have it. */
function observatoryPackage(): string {
  const candidates = [root, join(root, '.cache/observatory')].map((dir) =>
    join(dir, 'node_modules/@mdn/mdn-http-observatory'),
  );
  let dir = candidates.find((candidate) => existsSync(join(candidate, 'src/scan.js')));
  if (!dir) {
    const prefix = join(root, '.cache/observatory');
    mkdirSync(prefix, { recursive: true });
    const npm = process.env.npm_execpath;
    execFileSync(npm ? process.execPath : 'npm', [
      ...(npm ? [npm] : []),
      'install',
      '--prefix',
      prefix,
      '--ignore-scripts',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `@mdn/mdn-http-observatory@${observatoryVersion}`,
    ]);
    dir = candidates[1]!;
  }
  // Normally downloaded by the skipped install script: with an empty list, no host counts as preloaded.
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

test('the HTTP Observatory grades the nginx configuration A+', async () => {
  test.setTimeout(240_000);
  const problem = await portProblem();
  if (problem) console.log(`HTTP Observatory scan NOT run: ${problem}; it needs ports 80 and 443 (run as root).`);
  test.skip(Boolean(problem), `HTTP Observatory scan not run: ${problem}`);

  const scanner = observatoryPackage();
  const tls = makeCertificates(join(root, 'deploy/.run/observatory-tls'));
  await startNginx({
    port: httpsPort,
    tls: { port: httpsPort, redirectPort: httpPort, cert: tls.cert, key: tls.key, serverName: 'localhost' },
  });
  try {
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
  } finally {
    await stopNginx(httpsPort);
  }
});
