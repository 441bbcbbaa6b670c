/**
 * The whole visit, as a new visitor on a phone makes it: load `/` on a 390x844 screen with the CPU slowed down 4x,
 * scroll to the end at a reading pace, stay 10 s. It counts every byte transferred (as sent: compressed, with
 * headers), by kind, and the main thread's long tasks (over 50 ms), and checks them against the budgets below.
 * Timings are wall-clock, so, as for Lighthouse, the budgets are checked on the best run: other processes on a
 * shared machine only ever add time. Bytes do not depend on the machine and are checked on the largest run.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, type CDPSession } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { kb, type GateResult } from './types.ts';

export const visitBudgets = {
  /** Everything transferred over the visit: 453 KB measured with the model decoded in the scene's worker. */
  bytes: 475 * 1024,
  /** The longest main-thread task (aim 100 ms). */
  longestTaskMs: 200,
  /** All long tasks of the visit together. */
  longTasksMs: 600,
};
export type VisitBudgets = typeof visitBudgets;

export const kinds = ['document', 'style', 'script', 'wasm', 'font', 'image', 'video', 'model', 'other'] as const;
export type Kind = (typeof kinds)[number];

export interface VisitRun {
  bytes: Record<Kind, number>;
  total: number;
  /** Script and WebAssembly bytes requested once scrolling began (the hero is quiet by then): what the 3D scene brings. */
  sceneScript: number;
  longestTaskMs: number;
  longTasksMs: number;
  longTasks: number;
}

export interface VisitOptions {
  path?: string;
  cpuSlowdown?: number;
  /** How long the visitor stays at the end of the page. */
  stayMs?: number;
}

/** The kind of a response, by its file name first (a fetched script is still a script), then by what asked for it. */
export function kindOf(url: string, resourceType: string): Kind {
  const path = new URL(url).pathname;
  if (/\.(m?js)$/.test(path)) return 'script';
  if (path.endsWith('.wasm')) return 'wasm';
  if (/\.(glb|gltf)$/.test(path)) return 'model';
  if (/\.(webm|mp4)$/.test(path) || resourceType === 'Media') return 'video';
  if (/\.css$/.test(path) || resourceType === 'Stylesheet') return 'style';
  if (/\.(woff2?|ttf|otf)$/.test(path) || resourceType === 'Font') return 'font';
  if (/\.(avif|webp|png|jpe?g|gif|svg|ico)$/.test(path) || resourceType === 'Image') return 'image';
  if (resourceType === 'Document') return 'document';
  if (resourceType === 'Script') return 'script';
  return 'other';
}

/** The Network events the count listens to, as CDP sends them (from the page, or from one of its workers). */
type NetworkEvents = {
  'Network.requestWillBeSent': { requestId: string; request: { url: string }; type?: string };
  'Network.responseReceived': { requestId: string; type: string; response: { url: string } };
  'Network.dataReceived': { requestId: string; encodedDataLength: number };
  'Network.loadingFinished': { requestId: string; encodedDataLength: number };
};
type NetworkEvent = { [M in keyof NetworkEvents]: { method: M; params: NetworkEvents[M] } }[keyof NetworkEvents];

/** A Resource Timing entry: what a page or worker fetched, and its transfer size (compressed, with headers). */
export interface TransferSize {
  url: string;
  transferSize: number;
}

interface Request {
  url: string;
  type: string;
  bytes: number;
  finished: boolean;
  /** Requested once scrolling began: what the 3D scene brings. */
  late: boolean;
}

/**
 * Counts the bytes of every request of the page and of its workers (the 3D scene draws in one, and fetches its
 * decoder there) as sent over the wire, including those still streaming at the end.
 *
 * A worker's requests reach the page's CDP session only through the worker's own target, attached here as it
 * starts. Attaching cannot hold the worker back until its Network domain is on: Playwright's own session resumes
 * every new worker at once, so a request made as the worker starts can be missing its first events, or all of them.
 * Hence a request is recorded from its response too, and, at the end, each live worker's own Resource Timing fills
 * in whatever it fetched that no event reported. A worker's own script is reported in full by neither session (the
 * page sees it start, nothing more): the page's Resource Timing gives its transfer size.
 */
export function countBytes(cdp: Pick<CDPSession, 'on' | 'send'>) {
  const requests = new Map<string, Request & { source: string }>();
  /** The attached workers, by session: their own script's URL, and whether they started once scrolling began. */
  const workers = new Map<string, { url: string; late: boolean }>();
  let scrolling = false;
  const on = (event: NetworkEvent, source: string) => {
    const id = `${source}:${event.params.requestId}`;
    const request = requests.get(id);
    const record = (url: string, type: string) =>
      requests.set(id, { source, url, type, bytes: 0, finished: false, late: scrolling });
    switch (event.method) {
      case 'Network.requestWillBeSent':
        if (!request) record(event.params.request.url, event.params.type ?? 'Other');
        break;
      case 'Network.responseReceived':
        if (request) request.type = event.params.type;
        // Sent before the worker's Network domain was on. A worker's own script is the page's request, counted there.
        else if (event.params.response.url !== workers.get(source)?.url)
          record(event.params.response.url, event.params.type);
        break;
      case 'Network.dataReceived':
        if (request && !request.finished) request.bytes += event.params.encodedDataLength;
        break;
      case 'Network.loadingFinished':
        // The final figure includes the headers and whatever dataReceived left out.
        if (request)
          Object.assign(request, { bytes: Math.max(request.bytes, event.params.encodedDataLength), finished: true });
        break;
    }
  };
  for (const method of [
    'Network.requestWillBeSent',
    'Network.responseReceived',
    'Network.dataReceived',
    'Network.loadingFinished',
  ] as const) {
    cdp.on(method, (params) => on({ method, params } as NetworkEvent, 'page'));
  }

  // Workers, through the page's session (Target.sendMessageToTarget: Playwright's session cannot address a child).
  const replies = new Map<string, (result: unknown) => void>();
  let nextId = 1;
  const toWorker = (sessionId: string, method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      replies.set(`${sessionId}:${id}`, resolve);
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch(() => {
          replies.delete(`${sessionId}:${id}`);
          resolve(undefined);
        });
    });
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type === 'worker') {
      workers.set(sessionId, { url: targetInfo.url, late: scrolling });
      void toWorker(sessionId, 'Network.enable');
    }
    void toWorker(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
    if (!sessionId) return;
    workers.delete(sessionId);
    for (const [key, resolve] of replies) if (key.startsWith(`${sessionId}:`)) resolve(undefined);
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const reply = JSON.parse(message) as { id?: number; result?: unknown; method?: string };
    if (reply.id !== undefined) {
      replies.get(`${sessionId}:${reply.id}`)?.(reply.result);
      replies.delete(`${sessionId}:${reply.id}`);
    } else if (reply.method?.startsWith('Network.')) on(reply as NetworkEvent, sessionId);
  });
  /** A live worker's Resource Timing entries (none from a worker too busy to answer within 5 s). */
  const workerTransferSizes = async (sessionId: string) => {
    const evaluation = toWorker(sessionId, 'Runtime.evaluate', {
      expression: `performance.getEntriesByType('resource').map(({ name, transferSize }) => ({ url: name, transferSize }))`,
      returnByValue: true,
    });
    const reply = (await Promise.race([evaluation, delay(5_000)])) as
      { result?: { value?: TransferSize[] } } | undefined;
    return reply?.result?.value ?? [];
  };
  /**
   * Fills in, from Resource Timing, the bytes of requests whose events stopped short, and with `unreported`, adds the
   * requests no event reported at all.
   */
  const fillIn = (source: string, entries: TransferSize[], unreported?: { late: boolean }) => {
    const unmatched = [...entries].filter((entry) => entry.transferSize > 0 && /^https?:/.test(entry.url));
    const take = (url: string) => {
      const index = unmatched.findIndex((entry) => entry.url === url);
      return index < 0 ? undefined : unmatched.splice(index, 1)[0];
    };
    for (const request of requests.values()) {
      if (request.source !== source) continue;
      const entry = take(request.url);
      if (entry && request.bytes === 0 && !request.finished) request.bytes = entry.transferSize;
    }
    if (!unreported) return;
    for (const entry of unmatched) {
      requests.set(`${source}:timing:${requests.size}`, {
        source,
        url: entry.url,
        type: 'Other',
        bytes: entry.transferSize,
        finished: true,
        late: unreported.late,
      });
    }
  };

  return {
    attachWorkers: () =>
      cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false }),
    startScrolling: () => (scrolling = true),
    /** The figures, once the visit is over. `pageTransferSizes`: the page's Resource Timing entries. */
    async result(pageTransferSizes: TransferSize[]) {
      // The page's events miss nothing but the end of a worker's own script; a worker's can miss whole requests.
      fillIn('page', pageTransferSizes);
      for (const [sessionId, worker] of workers) fillIn(sessionId, await workerTransferSizes(sessionId), worker);
      const bytes = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>;
      let sceneScript = 0;
      for (const request of requests.values()) {
        if (!/^https?:/.test(request.url)) continue; // data: and blob: URLs cost no transfer
        const kind = kindOf(request.url, request.type);
        bytes[kind] += request.bytes;
        if (request.late && (kind === 'script' || kind === 'wasm')) sceneScript += request.bytes;
      }
      const total = Object.values(bytes).reduce((sum, value) => sum + value, 0);
      return { bytes, total, sceneScript };
    },
  };
}

/** One visit in a fresh browser (a new visitor: empty cache). */
export async function measureVisit(baseUrl: string, options: VisitOptions = {}): Promise<VisitRun> {
  const { path = '/', cpuSlowdown = 4, stayMs = 10_000 } = options;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    // Long tasks from the first script on; tasks in workers are not the main thread's and do not count.
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const bytes = countBytes(cdp);
    await bytes.attachWorkers();
    await page.goto(baseUrl + path, { waitUntil: 'load' });
    // The visitor looks at the hero until the page is quiet (the islands that hydrate after load, the video, the
    // model preload), so that what is requested from the scroll on is what the scene below brings.
    await page.waitForLoadState('networkidle');
    bytes.startScrolling();
    // A reader's pace: a screen at a time, so everything that waits to be near the viewport gets its turn.
    for (let step = 0; step < 100; step++) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, Math.round(window.innerHeight * 0.8));
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      if (atEnd) break;
      await page.waitForTimeout(400);
    }
    await page.waitForTimeout(stayMs);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const transferSizes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: entry.name, transferSize: (entry as PerformanceResourceTiming).transferSize })),
    );
    return {
      ...(await bytes.result(transferSizes)),
      longestTaskMs: Math.max(0, ...tasks),
      longTasksMs: tasks.reduce((sum, duration) => sum + duration, 0),
      longTasks: tasks.length,
    };
  } finally {
    await browser.close();
  }
}

/** The best run for the timings (least long-task time, then the shortest longest task) and the most bytes. */
export function summarize(runs: VisitRun[]) {
  if (runs.length === 0) throw new Error('no visit was measured');
  const best = [...runs].sort((a, b) => a.longTasksMs - b.longTasksMs || a.longestTaskMs - b.longestTaskMs)[0]!;
  const heaviest = [...runs].sort((a, b) => b.total - a.total)[0]!;
  return {
    bytes: heaviest.bytes,
    total: heaviest.total,
    sceneScript: heaviest.sceneScript,
    longestTaskMs: Math.min(...runs.map((run) => run.longestTaskMs)),
    longTasksMs: best.longTasksMs,
    longTasks: best.longTasks,
  };
}

/** One line per budget the visit is over. */
export function visitFailures(runs: VisitRun[], budgets: VisitBudgets = visitBudgets): string[] {
  const visit = summarize(runs);
  const failures: string[] = [];
  const of = `in the best of ${runs.length} run${runs.length === 1 ? '' : 's'}`;
  if (visit.total > budgets.bytes) {
    failures.push(`visit: ${kb(visit.total)} transferred over the whole visit, over the ${kb(budgets.bytes)} budget`);
  }
  if (visit.longestTaskMs > budgets.longestTaskMs) {
    failures.push(
      `visit: longest main-thread task ${visit.longestTaskMs.toFixed(0)} ms ${of} > ${budgets.longestTaskMs} ms`,
    );
  }
  if (visit.longTasksMs > budgets.longTasksMs) {
    failures.push(`visit: long tasks ${visit.longTasksMs.toFixed(0)} ms in all ${of} > ${budgets.longTasksMs} ms`);
  }
  return failures;
}

const timingOver = (runs: VisitRun[], budgets: VisitBudgets) =>
  visitFailures(runs, { ...budgets, bytes: Number.POSITIVE_INFINITY }).length > 0;

/** The table: bytes by kind, the scene's script, the long tasks, each with its budget. */
export function visitRows(runs: VisitRun[], budgets: VisitBudgets = visitBudgets): GateResult['rows'] {
  const visit = summarize(runs);
  return [
    ...kinds
      .filter((kind) => visit.bytes[kind] > 0)
      .map((kind) => ({ figure: `bytes: ${kind}`, value: kb(visit.bytes[kind]), budget: '' })),
    { figure: 'bytes: total', value: kb(visit.total), budget: kb(budgets.bytes) },
    { figure: 'script + wasm the scene brings', value: kb(visit.sceneScript), budget: '' },
    {
      figure: 'longest task (best run)',
      value: `${visit.longestTaskMs.toFixed(0)} ms`,
      budget: `${budgets.longestTaskMs} ms`,
    },
    {
      figure: 'long tasks in all (best run)',
      value: `${visit.longTasksMs.toFixed(0)} ms (${visit.longTasks})`,
      budget: `${budgets.longTasksMs} ms`,
    },
    {
      figure: 'long tasks in all, every run',
      value: runs.map((run) => run.longTasksMs.toFixed(0)).join(', ') + ' ms',
      budget: '',
    },
  ];
}

/**
 * The gate: `runs` visits, and up to as many again while the best is over a timing budget (a disturbed machine
 * cannot fail it; a real regression is slow in every run).
 */
export async function visitGate(
  baseUrl: string,
  runs = 3,
  options: VisitOptions = {},
  budgets: VisitBudgets = visitBudgets,
): Promise<GateResult> {
  const measured: VisitRun[] = [];
  const remeasure = () => measured.length < runs * 2 && timingOver(measured, budgets);
  while (measured.length < runs || remeasure()) {
    measured.push(await measureVisit(baseUrl, options));
  }
  return {
    name: `Whole visit (/ on a 390x844 phone, 4x CPU slowdown, scroll to the end, stay ${(options.stayMs ?? 10_000) / 1000} s; ${measured.length} runs)`,
    rows: visitRows(measured, budgets),
    failures: visitFailures(measured, budgets),
  };
}
