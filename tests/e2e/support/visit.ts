/**
 * One whole visit in a fresh Chromium driven over the DevTools protocol directly. Not through Playwright: it switches
 * on the Runtime domain of every page, and with it V8 collects source positions for every script, which makes
 * evaluating React's chunk a long task no visitor ever has.
 *
 * Main-thread tasks are judged by the CPU time the page's main thread spent in each (a trace's `tdur`), times the
 * phone's slowdown, as Lighthouse's simulation does: a task's wall-clock duration also counts the time a busy machine
 * gave the thread to others, and grows with the load while its CPU time does not. Chromium's CPU throttling is off:
 * its pauses would count as CPU time.
 */
import { setTimeout as delay } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.ts';

type Listener = (params: never, sessionId?: string) => void;

async function launchCdp() {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise(
    (resolve, reject) => socket.addEventListener('open', resolve) ?? socket.addEventListener('error', reject),
  );
  let lastId = 0;
  const replies = new Map<number, (message: { result?: never; error?: { message: string } }) => void>();
  const listeners: { method: string; listener: Listener }[] = [];
  socket.addEventListener('message', ({ data }) => {
    const message = JSON.parse(String(data));
    if (message.id === undefined) {
      for (const { method, listener } of listeners)
        if (method === message.method) listener(message.params as never, message.sessionId);
    } else replies.get(message.id)?.(message);
  });
  return {
    send: <T = unknown>(method: string, params: object = {}, sessionId?: string) =>
      new Promise<T>((resolve, reject) => {
        const id = ++lastId;
        replies.set(id, ({ result, error }) =>
          error ? reject(new Error(`${method}: ${error.message}`)) : resolve(result as T),
        );
        socket.send(JSON.stringify({ id, method, params, sessionId }));
      }),
    on: (method: string, listener: Listener) => listeners.push({ method, listener }),
    close: async () => (socket.close(), chrome.kill()),
  };
}

type Params = { requestId: string; encodedDataLength: number; request: { url: string } };
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
};

/** The phone's CPU against this machine's: each task's CPU time is multiplied by it, as Lighthouse's simulation does. */
const slowdown = 4;
/** A task longer than this is a long task (the Long Tasks API's threshold). */
const longTaskMs = 50;

/** Each task the page's main thread ran, as milliseconds of that thread's CPU time at the phone's slowdown. */
function mainThreadTasks(events: TraceEvent[], origin: string): number[] {
  // The page's renderer is the one that parsed the site's HTML; the others (the first blank page's) are not the visit.
  const renderers = new Set(
    events
      .filter((event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.startsWith(origin))
      .map((event) => event.pid),
  );
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .filter((event) => renderers.has(event.pid))
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = events
    .filter((event) => event.name === 'ThreadControllerImpl::RunTask' && event.ph === 'X' && event.tdur !== undefined)
    .filter((event) => mainThreads.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => a.ts - b.ts);
  // A task run inside another (a nested run loop) is part of the outer one's time already.
  const outer = new Map<string, number>();
  return tasks.flatMap((task) => {
    const thread = `${task.pid}:${task.tid}`;
    if (task.ts < (outer.get(thread) ?? 0)) return [];
    outer.set(thread, task.ts + task.dur!);
    return [(task.tdur! / 1000) * slowdown];
  });
}

/** `/` on a 390x844 phone (its CPU 4x slower), scrolled to the end a screen at a time, then `stayMs` more. */
export async function measureVisit(url: string, stayMs = 10_000) {
  const cdp = await launchCdp();
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const page = <T>(method: string, params: object = {}) => cdp.send<T>(method, params, sessionId);
    const evaluate = async <T>(expression: string) =>
      (await page<{ result: { value: T } }>('Runtime.evaluate', { expression, returnByValue: true })).result.value;
    // Bytes as sent (compressed, with headers), per request of the page and of its workers (the 3D scene's).
    const requests = new Map<string, { url: string; bytes: number; done: boolean }>();
    const on = (method: string, handle: (params: Params, key: string) => void) =>
      cdp.on(method, (params: Params, session) => handle(params, `${session}:${params.requestId}`));
    on('Network.requestWillBeSent', ({ request }, key) => {
      if (!requests.has(key)) requests.set(key, { url: request.url, bytes: 0, done: false });
    });
    on('Network.dataReceived', ({ encodedDataLength }, key) => {
      const request = requests.get(key);
      if (request && !request.done) request.bytes += encodedDataLength;
    });
    on('Network.loadingFinished', ({ encodedDataLength }, key) => {
      const request = requests.get(key);
      if (request) Object.assign(request, { bytes: Math.max(request.bytes, encodedDataLength), done: true });
    });
    on('Network.loadingFailed', (_, key) => requests.get(key) && (requests.get(key)!.done = true));
    // Each worker waits at its start until its own Network domain is on, so none of its requests is missed.
    cdp.on(
      'Target.attachedToTarget',
      ({ sessionId: worker, targetInfo }: { sessionId: string; targetInfo: { type: string; url: string } }) => {
        const run = () => cdp.send('Runtime.runIfWaitingForDebugger', {}, worker).catch(() => {});
        if (targetInfo.type !== 'worker') return void run();
        for (const request of requests.values()) if (request.url === targetInfo.url) request.done = true;
        void cdp.send('Network.enable', {}, worker).then(run, run);
      },
    );
    await page('Page.enable');
    await page('Network.enable');
    await page('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
    await page('Emulation.setTouchEmulationEnabled', { enabled: true });
    await page('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }: { value: TraceEvent[] }) => void events.push(...value));
    const traced = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', '__metadata'] },
    });
    const loaded = new Promise((resolve) => cdp.on('Page.loadEventFired', resolve));
    await page('Page.navigate', { url });
    await loaded;
    for (let quietSince = Date.now(), end = Date.now() + 30_000; Date.now() - quietSince < 500 && Date.now() < end;) {
      await delay(100);
      if ([...requests.values()].some((request) => !request.done)) quietSince = Date.now();
    }
    const atEnd = `scrollBy(0, innerHeight * 0.8); scrollY + innerHeight >= document.documentElement.scrollHeight - 1`;
    for (let step = 0; step < 100 && !(await evaluate<boolean>(atEnd)); step++) await delay(400);
    await delay(stayMs);
    await cdp.send('Tracing.end');
    await traced;
    const tasks = mainThreadTasks(events, new URL(url).origin).filter((task) => task > longTaskMs);
    // A worker's own script is fetched before it starts, and no session reports it in full: Resource Timing does.
    const timing = await evaluate<{ url: string; size: number }[]>(
      `performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, size: entry.transferSize }))`,
    );
    for (const { url: resource, size } of timing) {
      const script = [...requests.values()].find((request) => request.url === resource && request.bytes === 0);
      if (script) script.bytes = size;
    }
    const fetched = [...requests.values()].filter((request) => /^https?:/.test(request.url));
    return {
      bytes: fetched.reduce((sum, request) => sum + request.bytes, 0),
      longestTaskMs: Math.max(0, ...tasks),
      longTasksMs: tasks.reduce((sum, task) => sum + task, 0),
    };
  } finally {
    await cdp.close();
  }
}
