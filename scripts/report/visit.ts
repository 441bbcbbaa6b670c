/**
 * The whole visit, as a new visitor on a phone makes it: load `/` on a 390x844 screen with the CPU slowed down 4x,
 * scroll to the end at a reading pace, stay 10 s. It counts every byte transferred (as sent: compressed, with
 * headers), by kind, and the main thread's long tasks (over 50 ms), and checks them against the budgets below.
 * Timings are wall-clock, so, as for Lighthouse, the budgets are checked on the best run: other processes on a
 * shared machine only ever add time. Bytes do not depend on the machine and are checked on the largest run. The
 * browser is driven over the DevTools protocol with no more than it needs (./cdp.ts says why).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { launchCdp, type Cdp } from './cdp.ts';
import { kb, type GateResult } from './types.ts';

export const visitBudgets = {
  /** Everything transferred over the visit (docs/requirements.md#budgets). */
  bytes: 475 * 1024,
  /**
   * The longest main-thread task, in the best run. What the page leaves on the main thread is the first frames' style,
   * layout and paint and React's hydration, which a busy test machine slows down too; the budget leaves room for that.
   */
  longestTaskMs: 120,
  /** All long tasks of the visit together, in the best run; they follow how busy the machine is more than the page. */
  longTasksMs: 500,
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
function kindOf(url: string, resourceType: string): Kind {
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

/** A Resource Timing entry: what a page fetched, and its transfer size (compressed, with headers). */
interface TransferSize {
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

type Params = { requestId: string; encodedDataLength: number; type?: string; request: { url: string } };

/**
 * Counts the bytes of every request of the page and of its workers (the 3D scene draws in one) as sent over the
 * wire, including those still streaming at the end. Each worker is held at its start until its own Network domain is
 * on, so none of its requests is missed; its own script is fetched before it starts and no session reports that in
 * full (the page sees it start, nothing more): the page's Resource Timing gives its size.
 */
function countBytes(cdp: Pick<Cdp, 'on' | 'send'>) {
  const requests = new Map<string, Request>();
  let scrolling = false;
  const on = (method: string, handle: (params: Params, request: Request | undefined, key: string) => void) =>
    cdp.on(method, (params: Params, sessionId) => {
      const key = `${sessionId}:${params.requestId}`;
      handle(params, requests.get(key), key);
    });
  on('Network.requestWillBeSent', ({ request, type }, known, key) => {
    if (!known)
      requests.set(key, { url: request.url, type: type ?? 'Other', bytes: 0, finished: false, late: scrolling });
  });
  on('Network.responseReceived', ({ type }, request) => request && type && (request.type = type));
  on('Network.dataReceived', ({ encodedDataLength }, request) => {
    if (request && !request.finished) request.bytes += encodedDataLength;
  });
  // The final figure includes the headers and whatever dataReceived left out.
  on('Network.loadingFinished', ({ encodedDataLength }, request) => {
    if (request) Object.assign(request, { bytes: Math.max(request.bytes, encodedDataLength), finished: true });
  });
  on('Network.loadingFailed', (_, request) => request && (request.finished = true));
  cdp.on(
    'Target.attachedToTarget',
    ({ sessionId, targetInfo }: { sessionId: string; targetInfo: { type: string; url: string } }) => {
      const run = () => cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {});
      if (targetInfo.type !== 'worker') return void run();
      // The worker's script has arrived by now, though the page hears no end to it.
      for (const request of requests.values()) if (request.url === targetInfo.url) request.finished = true;
      void cdp.send('Network.enable', {}, sessionId).then(run, run);
    },
  );

  return {
    startScrolling: () => (scrolling = true),
    /** Until no request has been in flight for half a second (at most 30 s): the page is quiet. */
    async quiet() {
      const end = Date.now() + 30_000;
      for (let quietSince = Date.now(); Date.now() - quietSince < 500 && Date.now() < end;) {
        await delay(100);
        if ([...requests.values()].some((request) => !request.finished)) quietSince = Date.now();
      }
    },
    /** The figures, once the visit is over. `pageTransferSizes`: the page's Resource Timing entries. */
    result(pageTransferSizes: TransferSize[]) {
      for (const { url, transferSize } of pageTransferSizes) {
        const workerScript = [...requests.values()].find((request) => request.url === url && request.bytes === 0);
        if (workerScript) workerScript.bytes = transferSize;
      }
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

/** Long tasks from the first script on; tasks in workers are not the main thread's and do not count. */
const longTaskObserver = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); })
  .observe({ type: 'longtask', buffered: true });`;

/** One visit in a fresh browser (a new visitor: empty cache). */
async function measureVisit(baseUrl: string, options: VisitOptions = {}): Promise<VisitRun> {
  const { path = '/', cpuSlowdown = 4, stayMs = 10_000 } = options;
  const cdp = await launchCdp();
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const page = <T>(method: string, params: object = {}) => cdp.send<T>(method, params, sessionId);
    const evaluate = async <T>(expression: string) =>
      (await page<{ result: { value: T } }>('Runtime.evaluate', { expression, returnByValue: true })).result.value;
    const bytes = countBytes(cdp);
    await page('Page.enable');
    await page('Network.enable');
    await page('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
    await page('Emulation.setTouchEmulationEnabled', { enabled: true });
    await page('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    await page('Page.addScriptToEvaluateOnNewDocument', { source: longTaskObserver });
    const loaded = new Promise((resolve) => cdp.on('Page.loadEventFired', resolve));
    await page('Page.navigate', { url: baseUrl + path });
    await loaded;
    // The visitor looks at the hero until the page is quiet (the islands that hydrate after load, the video, the
    // model preload), so that what is requested from the scroll on is what the scene below brings.
    await bytes.quiet();
    bytes.startScrolling();
    // A reader's pace: a screen at a time, so everything that waits to be near the viewport gets its turn.
    for (let step = 0; step < 100; step++) {
      const atEnd = await evaluate<boolean>(`window.scrollBy(0, Math.round(window.innerHeight * 0.8));
        window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1`);
      if (atEnd) break;
      await delay(400);
    }
    await delay(stayMs);
    const tasks = await evaluate<number[]>('window.__longTasks');
    const transferSizes = await evaluate<TransferSize[]>(
      `performance.getEntriesByType('resource').map(({ name, transferSize }) => ({ url: name, transferSize }))`,
    );
    return {
      ...bytes.result(transferSizes),
      longestTaskMs: Math.max(0, ...tasks),
      longTasksMs: tasks.reduce((sum, duration) => sum + duration, 0),
      longTasks: tasks.length,
    };
  } finally {
    await cdp.close();
  }
}

/** The best run for the timings (least long-task time, then the shortest longest task) and the most bytes. */
function summarize(runs: VisitRun[]) {
  if (runs.length === 0) throw new Error('no visit was measured');
  const best = [...runs].sort((a, b) => a.longTasksMs - b.longTasksMs || a.longestTaskMs - b.longestTaskMs)[0]!;
  const heaviest = [...runs].sort((a, b) => b.total - a.total)[0]!;
  return {
    bytes: heaviest.bytes,
    total: heaviest.total,
    sceneScript: heaviest.sceneScript,
    longestTaskMs: Math.min(...runs.map((run) => run.longestTaskMs)),
    medianLongestTaskMs: [...runs].map((run) => run.longestTaskMs).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!,
    longTasksMs: best.longTasksMs,
    longTasks: best.longTasks,
  };
}

/** One line per budget the visit is over. */
function visitFailures(runs: VisitRun[], budgets: VisitBudgets = visitBudgets): string[] {
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
function visitRows(runs: VisitRun[], budgets: VisitBudgets = visitBudgets): GateResult['rows'] {
  const visit = summarize(runs);
  return [
    ...kinds
      .filter((kind) => visit.bytes[kind] > 0)
      .map((kind) => ({ figure: `bytes: ${kind}`, value: kb(visit.bytes[kind]), budget: '' })),
    { figure: 'bytes: total', value: kb(visit.total), budget: kb(budgets.bytes) },
    { figure: 'script + wasm the scene brings', value: kb(visit.sceneScript), budget: '' },
    {
      figure: 'longest task (best run; median run)',
      value: `${visit.longestTaskMs.toFixed(0)} ms; ${visit.medianLongestTaskMs.toFixed(0)} ms`,
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
