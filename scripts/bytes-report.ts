/**
 * `npm run report:bytes`: loads the built landing page in Chromium and prints, gzipped, the JavaScript it runs before
 * the load event (external scripts and inline ones) and what loads lazily after it. Fails above the 75 KB budget
 * (DESIGN.md). Serves `dist/` itself unless BASE_URL points at a running server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './ensure-system-deps.mjs';

export const landingJsBudgetBytes = 75 * 1024;

export interface JsBytes {
  /** Gzipped bytes of the JavaScript fetched or inlined before the load event. */
  beforeLoad: number;
  /** Gzipped bytes of the JavaScript fetched after it (islands, the 3D scene, monitoring), once scrolled to the end. */
  lazy: number;
  files: { url: string; gzip: number; beforeLoad: boolean }[];
}

const gzipLength = (text: string) => gzipSync(text).length;

/** Measures one page's JavaScript: the same gzip level for every file, whatever the server compresses. */
export async function measureJs(url: string): Promise<JsBytes> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const bodies = new Map<string, string>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.set(response.url(), await response.text().catch(() => ''));
    });
    await page.goto(url, { waitUntil: 'load' });
    const { inline, loadEnd } = await page.evaluate(() => ({
      inline: [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !script.getAttribute('type')?.includes('json'))
        .map((script) => script.textContent ?? ''),
      loadEnd: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventStart as number,
    }));
    // Then everything a visitor would trigger: idle work, and scrolling to the end of the page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const timings = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        url: entry.name,
        start: entry.startTime,
        type: (entry as PerformanceResourceTiming).initiatorType,
      })),
    );
    const files = [...bodies].map(([file, body]) => {
      const start = timings.find((timing) => timing.url === file)?.start ?? Infinity;
      return { url: new URL(file).pathname, gzip: gzipLength(body), beforeLoad: start < loadEnd };
    });
    files.push(
      ...inline
        .filter(Boolean)
        .map((code, i) => ({ url: `(inline #${i + 1})`, gzip: gzipLength(code), beforeLoad: true })),
    );
    const sum = (before: boolean) => files.filter((file) => file.beforeLoad === before).reduce((a, f) => a + f.gzip, 0);
    return { beforeLoad: sum(true), lazy: sum(false), files };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function startPreview(port: number): Promise<ChildProcess> {
  const server = spawn('node_modules/.bin/astro', ['preview', '--host', '127.0.0.1', '--port', String(port)], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error(`the preview server did not answer on port ${port}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.REPORT_PORT ?? 4323);
  const server = process.env.BASE_URL ? undefined : await startPreview(port);
  const base = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;
  try {
    const bytes = await measureJs(`${base}/`);
    console.log('Landing page JavaScript (gzipped)');
    console.table(
      bytes.files.map((file) => ({
        file: file.url,
        gzip: kb(file.gzip),
        when: file.beforeLoad ? 'before load' : 'lazy',
      })),
    );
    const ok = bytes.beforeLoad <= landingJsBudgetBytes;
    console.table([
      {
        measure: 'JS before load',
        value: kb(bytes.beforeLoad),
        budget: kb(landingJsBudgetBytes),
        status: ok ? 'ok' : 'OVER BUDGET',
      },
      { measure: 'JS loaded lazily', value: kb(bytes.lazy), budget: '-', status: '-' },
    ]);
    if (!ok) {
      console.error(
        `Landing page JavaScript before load is ${kb(bytes.beforeLoad)}, over the ${kb(landingJsBudgetBytes)} budget.`,
      );
      process.exitCode = 1;
    }
  } finally {
    server?.kill();
  }
}
