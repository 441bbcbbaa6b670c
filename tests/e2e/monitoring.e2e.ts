import { spawn, type ChildProcess } from 'node:child_process';
import { inflateSync, gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { monitoringConnectSrc } from '../../src/lib/monitoring/settings.ts';
import { release } from '../../src/lib/monitoring/release.node.ts';
import { port } from '../../playwright.config.ts';
import { run } from '../support/processes.ts';
import { startIngest, type Ingest } from './support/ingest.ts';
import { fullRun } from './support/tiers.ts';

const config = loadConfig();

/**
 * Monitoring end to end. The suite's own build (`dist/`, no DSN) shows monitoring off; a second build with
 * PUBLIC_SENTRY_DSN pointing at a fake ingest server on 127.0.0.1 shows it on. Its ports follow the suite's own
 * (E2E_PORT + 100 and + 101), so suites run side by side on one machine with different E2E_PORTs never collide.
 */
const ingestPort = port + 100;
const monitoredPort = port + 101;
const monitoredOutDir = 'reports/monitoring-build';
const monitored = `http://127.0.0.1:${monitoredPort}`;
const budget = 75 * 1024;

// One worker for the whole file: one ingest server, one extra build and one preview server.
test.describe.configure({ mode: 'serial' });

let ingest: Ingest;
let preview: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ingest = await startIngest(ingestPort);
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_SENTRY_DSN: ingest.dsn };
  await run('node_modules/.bin/astro', ['build', '--outDir', monitoredOutDir], env);
  preview = spawn(
    'node_modules/.bin/astro',
    // --ignore-lock: Astro allows one tracked preview per project, and the suite's own server is that one.
    ['preview', '--ignore-lock', '--host', '127.0.0.1', '--port', String(monitoredPort), '--outDir', monitoredOutDir],
    { env },
  );
  let previewOutput = '';
  preview.stdout?.on('data', (chunk) => (previewOutput += chunk));
  preview.stderr?.on('data', (chunk) => (previewOutput += chunk));
  await expect
    .poll(
      () =>
        preview?.exitCode === null
          ? fetch(`${monitored}/`).then(
              (r) => r.status,
              () => 0,
            )
          : -1,
      {
        message: `preview of ${monitoredOutDir} on port ${monitoredPort} answers`,
        timeout: 30_000,
      },
    )
    .toBe(200)
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${previewOutput}`);
    });
});

test.afterAll(async () => {
  if (preview?.pid && preview.exitCode === null) process.kill(preview.pid);
  await ingest?.close();
});

type SentryEvent = {
  exception?: { values?: { value?: string }[] };
  message?: string;
  level?: string;
  release?: string;
  environment?: string;
};

const eventWith = (message: string) =>
  (ingest.items('event') as SentryEvent[]).find((event) => event.exception?.values?.[0]?.value === message);

/** Opens a monitored page and waits until the SDK runs with replay on: replay's worker is its last step. */
async function openMonitored(page: Page, path = '/') {
  const worker = page.waitForResponse((response) => /\/_astro\/worker-bundler\.[\w-]+\.js$/.test(response.url()));
  await page.goto(`${monitored}${path}`);
  return worker;
}

test('reports an error thrown by the page with its message, release and environment', async ({ page }) => {
  await openMonitored(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Boom after start');
    });
  });
  await expect.poll(() => eventWith('Boom after start'), { timeout: 15_000 }).toBeTruthy();
  expect(eventWith('Boom after start')).toMatchObject({ release, environment: config.sentryEnvironment });
  expect(ingest.envelopes[0]?.url).toContain('sentry_key=e2e');
});

test('reports errors thrown before monitoring started', fullRun, async ({ page }) => {
  // Thrown while the page is still loading (at DOMContentLoaded, well inside the first 100 ms), long before the SDK
  // is fetched; the page notes whether the SDK had started at that moment.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { sdkAtThrow: boolean }).sdkAtThrow = '__SENTRY__' in window;
      void Promise.reject(new Error('Rejected while loading'));
      throw new Error('Boom while loading');
    });
  });
  await openMonitored(page);
  expect(await page.evaluate(() => (window as unknown as { sdkAtThrow: boolean }).sdkAtThrow)).toBe(false);
  await expect.poll(() => eventWith('Boom while loading'), { timeout: 15_000 }).toBeTruthy();
  await expect.poll(() => eventWith('Rejected while loading'), { timeout: 15_000 }).toBeTruthy();
  expect(eventWith('Boom while loading')).toMatchObject({ release, environment: config.sentryEnvironment });
});

test('adds tracing headers to requests to localhost and not to another origin', fullRun, async ({ browser }) => {
  // The site itself calls no API, so its policy allows no such request; the page stands in for the app's own code.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await openMonitored(page);
  await page.evaluate(async (port) => {
    await fetch(`http://localhost:${port}/api/x?to=localhost`);
    await fetch(`http://127.0.0.1:${port}/api/x?to=other`);
  }, ingestPort);
  const get = (to: string) => ingest.requests.find((r) => r.method === 'GET' && r.url === `/api/x?to=${to}`);
  expect(get('localhost')?.headers['sentry-trace']).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}(-[01])?$/);
  expect(get('localhost')?.headers.baggage).toContain(`sentry-release=${release}`);
  expect(get('other')).toBeDefined();
  expect(get('other')?.headers['sentry-trace']).toBeUndefined();
  expect(get('other')?.headers.baggage).toBeUndefined();
  // Every page load is traced (rate 1): the SDK streams the page load's root span, with the release.
  await expect.poll(() => pageloadRelease(), { timeout: 15_000 }).toBe(release);
  await context.close();
});

type StreamedSpans = { items?: { is_segment?: boolean; attributes?: Record<string, { value?: unknown }> }[] };

/** The release of the first streamed page-load root span that reached the ingest server. */
function pageloadRelease() {
  const spans = (ingest.items('span') as StreamedSpans[]).flatMap((container) => container.items ?? []);
  const pageload = spans.find((span) => span.is_segment && span.attributes?.['sentry.op']?.value === 'pageload');
  return pageload?.attributes?.['sentry.release']?.value;
}

// The monitored build's pages carry their own policy (a meta tag, so astro preview serves it too): monitoring must
// work inside it, and report what it blocks, since a meta policy cannot name a report endpoint.
test(
  "works under the page's own policy: only the ingest origin to connect to, workers only from our own origin",
  fullRun,
  async ({ page }) => {
    await page.addInitScript(() => {
      const violations: string[] = ((window as unknown as { violations: string[] }).violations = []);
      addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await openMonitored(page);
    expect(await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')).toContain(
      `connect-src 'self' ${monitoringConnectSrc({ sentryDsn: ingest.dsn }).join(' ')}`,
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Boom under CSP');
      });
    });
    await expect.poll(() => eventWith('Boom under CSP'), { timeout: 15_000 }).toBeTruthy();
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  },
);

test('reports code the policy blocks, as a warning naming the directive', fullRun, async ({ page }) => {
  await openMonitored(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.title = "injected"';
    document.head.append(script);
  });
  const warning = () =>
    (ingest.items('event') as SentryEvent[]).find((event) => event.message?.includes('Content-Security-Policy'));
  await expect.poll(warning, { timeout: 15_000 }).toMatchObject({
    level: 'warning',
    message: expect.stringContaining('(script-src-elem)'),
  });
});

test('loads replay and its worker from our own origin and records no visible text', fullRun, async ({ page }) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const worker = await openMonitored(page);
  expect(new URL(worker.url()).origin).toBe(monitored);
  // An error sends the replay buffered so far (replays on error: rate 1).
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Boom with replay');
    });
  });
  await expect.poll(() => ingest.items('replay_recording').length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect([...origins].sort()).toEqual([`http://127.0.0.1:${ingestPort}`, monitored].sort());

  // A recording is a JSON header line, then the zlib-compressed rrweb events.
  const recordings = (ingest.items('replay_recording') as Uint8Array[]).map((bytes) => {
    const body = Buffer.from(bytes);
    return inflateSync(body.subarray(body.indexOf(10) + 1)).toString('utf8');
  });
  const recorded = recordings.join('\n');
  expect(recorded).toContain('landing'); // the page's structure is there (data-page="landing")...
  expect(recorded).not.toContain(config.tagline); // ...and none of its text
  expect(recorded).not.toContain('Download on App Store');
});

type ErrorEvent = SentryEvent & {
  contexts?: { replay?: { replay_id?: string }; trace?: { trace_id?: string } };
  tags?: Record<string, unknown>;
};
/** The replay an error event points at (the SDK links a buffered replay to the error that sends it). */
const replayIdOf = (event: ErrorEvent | undefined) =>
  event?.contexts?.replay?.replay_id ?? (event?.tags?.replayId as string | undefined);
const replayIds = () => (ingest.items('replay_event') as { replay_id?: string }[]).map((item) => item.replay_id);
const pageloads = () =>
  (ingest.items('span') as StreamedSpans[])
    .flatMap((container) => container.items ?? [])
    .filter((span) => span.is_segment && span.attributes?.['sentry.op']?.value === 'pageload').length;

async function throwIn(page: Page, message: string) {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
}

test('sends the replay of an error visit, and none at all when the browser sends Global Privacy Control', async ({
  browser,
}) => {
  // Without the signal: the error names its replay, and that replay reaches the ingest server.
  const withoutSignal = await browser.newPage();
  await openMonitored(withoutSignal);
  await throwIn(withoutSignal, 'Boom without GPC');
  await expect.poll(() => eventWith('Boom without GPC'), { timeout: 15_000 }).toBeTruthy();
  const replayId = replayIdOf(eventWith('Boom without GPC') as ErrorEvent);
  expect(replayId).toMatch(/^[0-9a-f]{32}$/);
  await expect.poll(() => replayIds().includes(replayId), { timeout: 15_000 }).toBe(true);
  await withoutSignal.close();

  // With the signal (navigator.globalPrivacyControl === true, as a browser with GPC on reports it): the error and
  // the page-load trace are still reported, but no replay is loaded, recorded, linked or sent.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }),
  );
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const replaysBefore = ingest.items('replay_event').length + ingest.items('replay_recording').length;
  const pageloadsBefore = pageloads();
  await page.goto(`${monitored}/`);
  expect(await page.evaluate(() => (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl)).toBe(true);
  await expect.poll(() => page.evaluate(() => '__SENTRY__' in window), { timeout: 15_000 }).toBe(true);
  await throwIn(page, 'Boom with GPC');
  await expect.poll(() => eventWith('Boom with GPC'), { timeout: 15_000 }).toBeTruthy();
  await expect.poll(() => pageloads(), { timeout: 15_000 }).toBeGreaterThan(pageloadsBefore);
  expect(replayIdOf(eventWith('Boom with GPC') as ErrorEvent)).toBeUndefined();
  expect(requested.filter((path) => /worker-bundler|replay/i.test(path))).toEqual([]);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  await context.close();
  expect(ingest.items('replay_event').length + ingest.items('replay_recording').length).toBe(replaysBefore);
});

test('without a DSN, pages carry no monitoring and nothing reaches the ingest server', async ({ page }) => {
  // The addresses of the scripts the pages fetch, read again once the pages are done: a body read from the page's own
  // response could still be pending when the test ended (an island fetched late, a page navigated away from), and
  // failed it with `response.text: Test ended`. The server answers the same bytes to the second request.
  const scripts = new Set<string>();
  const seeScript = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  };
  page.on('response', seeScript);
  const before = ingest.requests.length;
  for (const path of ['/privacy', '/terms', '/']) {
    await page.goto(path);
    // Past the moment monitoring would start: the load event, then an idle callback; an error; another idle callback.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('Nobody hears this'))));
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    expect(await page.evaluate(() => '__SENTRY__' in window), path).toBe(false);
    await expect(page.locator('#monitoring-settings'), path).toHaveCount(0);
    // Without a DSN the legal pages ship no JavaScript at all (with one, only the monitoring loader).
    if (path !== '/') expect([...scripts.keys()], path).toEqual([]);
  }
  page.off('response', seeScript);
  for (const url of scripts) {
    expect(url).not.toContain('monitoring');
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(await response.text(), url).not.toContain('__SENTRY__');
  }
  expect(ingest.requests.length).toBe(before);
});

/** Gzipped bytes of the JavaScript a page runs before its load event: script responses and inline scripts. */
async function javascriptBeforeLoad(page: Page, url: string) {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    // Scripts that arrive after load may still be reading when the page closes: those bodies are not needed.
    if (response.request().resourceType() === 'script') {
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
    }
  });
  await page.goto(url, { waitUntil: 'load' });
  const { external, inline } = await page.evaluate(() => {
    const loadStart = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      external: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js(?:\?|$)/.test(entry.name) && entry.startTime < loadStart.loadEventStart)
        .map((entry) => entry.name),
      inline: [...document.scripts]
        .filter((script) => !script.src && ['', 'module', 'text/javascript'].includes(script.type))
        .map((script) => script.textContent ?? ''),
    };
  });
  let bytes = 0;
  for (const name of external) bytes += gzipSync(await bodies.get(name)!).length;
  for (const text of inline) bytes += gzipSync(text).length;
  return { bytes, external };
}

test(
  'keeps the landing page JavaScript before load under 75 KB, with and without a DSN',
  fullRun,
  async ({ browser }) => {
    const measure = async (url: string) => {
      const page = await browser.newPage();
      try {
        return await javascriptBeforeLoad(page, url);
      } finally {
        await page.close();
      }
    };
    const without = await measure(test.info().project.use.baseURL + '/');
    const withDsn = await measure(`${monitored}/`);
    console.log(
      `Landing JavaScript before load, gzipped: ${without.bytes} B without a DSN, ${withDsn.bytes} B with one`,
    );
    test.info().annotations.push({
      type: 'landing JS before load (gzip)',
      description: `without DSN ${without.bytes} B; with DSN ${withDsn.bytes} B`,
    });
    expect(without.bytes).toBeLessThan(budget);
    expect(withDsn.bytes).toBeLessThan(budget);
    // The SDK itself never comes before load: only the small loader does.
    expect(withDsn.external.some((url) => url.includes('monitoring-sdk'))).toBe(false);
    expect(withDsn.bytes).toBeGreaterThan(without.bytes);
  },
);
