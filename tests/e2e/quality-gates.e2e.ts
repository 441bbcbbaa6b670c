/**
 * The quality gates catch real regressions: each test copies the built site, breaks it the way a careless change
 * would, and checks that the gate fails with a line that names the problem.
 */
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { axeGate } from '../../scripts/report/axe.ts';
import { bytesGate } from '../../scripts/report/bytes.ts';
import { htmlGate } from '../../scripts/report/html.ts';
import { lighthouseGate } from '../../scripts/report/lighthouse.ts';
import { linksGate } from '../../scripts/report/links.ts';
import { serveStatic } from '../support/staticServer.ts';
import { siteConfig } from '../../src/config/index.ts';

const config = siteConfig();

/**
 * Runs `check` on a copy of dist/ whose landing page's HTML `edit` changed (plus `extraFiles`), served on 127.0.0.1:
 * `check` gets the folder and the URL.
 */
async function brokenSite(
  edit: (html: string) => string,
  check: (dir: string, url: string) => Promise<void>,
  extraFiles: Record<string, string | Buffer> = {},
) {
  const dir = await mkdtemp(join(tmpdir(), 'broken-site-'));
  await cp('dist', dir, { recursive: true });
  const index = join(dir, 'index.html');
  await writeFile(index, edit(await readFile(index, 'utf8')));
  for (const [file, content] of Object.entries(extraFiles)) await writeFile(join(dir, file), content);
  const server = await serveStatic(dir);
  try {
    await check(dir, server.url);
  } finally {
    await server.close();
    await rm(dir, { recursive: true });
  }
}

test.describe.configure({ mode: 'serial' });

test('the byte budget fails on an extra 100 KB script on the landing page', async () => {
  // Random bytes as a JS string: incompressible, so 100 KB stays about 100 KB gzipped.
  const bloat = `window.bloat = "${randomBytes(75 * 1024).toString('base64')}";`;
  await brokenSite(
    (html) => html.replace('</head>', '<script src="/bloat.js"></script></head>'),
    async (dir) => {
      expect((await bytesGate(dir, ['/'])).failures.join('\n')).toMatch(
        /bytes: \/ loads [\d.]+ KB of JavaScript before the load event, over the 75\.0 KB budget/,
      );
    },
    { 'bloat.js': bloat },
  );
});

test('axe and the HTML check fail on an image without alt text', async () => {
  const image = '<img src="/favicon.svg" width="10" height="10">';
  await brokenSite(
    (html) => html.replace('<main id="main"', `${image}<main id="main"`),
    async (dir, url) => {
      expect((await axeGate(url, ['/'], [1280])).failures.join('\n')).toContain('axe / at 1280 px: image-alt');
      expect((await htmlGate(dir)).failures.join('\n')).toMatch(/html index\.html:.*alt/);
    },
  );
});

test('the link check fails on a broken internal link, a missing anchor and a plain-http link', async () => {
  const links =
    '<a href="/no-such-page">x</a><a href="/privacy#no-such-section">y</a><a href="http://insecure.example/">z</a>';
  await brokenSite(
    (html) => html.replace('<main id="main"', `${links}<main id="main"`),
    async (_dir, url) => {
      const failures = (await linksGate(url, config.siteUrl)).failures.join('\n');
      expect(failures).toMatch(/links \/: \/no-such-page is broken \(HTTP 404\)/);
      expect(failures).toMatch(/links \/: \/privacy#no-such-section is broken .*no-such-section/);
      expect(failures).toContain('links: external link is not https: http://insecure.example/');
    },
  );
});

test('Lighthouse fails the mobile LCP when the hero still is an unoptimised photo', async () => {
  test.setTimeout(240_000);
  // A large picture of noise (nothing compresses it) where the pipeline's still was: the LCP element itself is heavy,
  // so the simulated phone's LCP is late however busy the machine is.
  const photo = new PNG({ width: 360, height: 640 });
  photo.data = randomBytes(photo.data.length);
  await brokenSite(
    (html) =>
      html.replace(
        /<picture class="hero-still">[\s\S]*?<\/picture>/,
        '<picture class="hero-still"><img src="/photo.png" alt="" width="360" height="640"></picture>',
      ),
    async (dir, url) => {
      const result = await lighthouseGate(url, ['/'], 1, join(dir, 'lighthouse'));
      expect(result.failures.join('\n')).toMatch(/lighthouse mobile \/: LCP [\d.]+ s in the best of 2 runs > 1\.50 s/);
    },
    { 'photo.png': PNG.sync.write(photo) },
  );
});

test('the gates pass on the site as built', async ({ baseURL }) => {
  const links = await linksGate(baseURL!, config.siteUrl);
  expect(links.failures).toEqual([]);
  // Every page is reached from the home page, the legal pages through their links.
  expect(links.rows.map((row) => row.page)).toEqual(expect.arrayContaining(['/', '/privacy', '/terms']));
  const html = await htmlGate('dist');
  expect(html.failures).toEqual([]);
});
