import { describe, expect, it } from 'vitest';
import {
  countBytes,
  kindOf,
  kinds,
  summarize,
  visitBudgets,
  visitFailures,
  visitRows,
  type VisitRun,
} from '../../scripts/report/visit.ts';

const kbytes = (n: number) => n * 1024;
function run(total: number, longestTaskMs: number, longTasksMs: number): VisitRun {
  const bytes = Object.fromEntries(kinds.map((kind) => [kind, 0])) as VisitRun['bytes'];
  bytes.video = kbytes(total) / 2;
  bytes.script = kbytes(total) / 2;
  return { bytes, total: kbytes(total), sceneScript: kbytes(total) / 4, longestTaskMs, longTasksMs, longTasks: 3 };
}

describe('whole-visit budget', () => {
  it('passes a visit within every budget', () => {
    expect(visitFailures([run(450, 90, 300)])).toEqual([]);
  });

  it('fails a visit over the byte budget, naming the figure and the budget', () => {
    expect(visitFailures([run(524, 90, 300)])).toEqual([
      'visit: 524.0 KB transferred over the whole visit, over the 475.0 KB budget',
    ]);
  });

  it('fails a long task over 200 ms and long tasks over 600 ms in all, in the best run', () => {
    expect(visitFailures([run(450, 274, 2500), run(450, 260, 2900)])).toEqual([
      'visit: longest main-thread task 260 ms in the best of 2 runs > 200 ms',
      'visit: long tasks 2500 ms in all in the best of 2 runs > 600 ms',
    ]);
  });

  it('checks timings on the best run (a busy machine only adds time) and bytes on the heaviest', () => {
    const runs = [run(450, 400, 2000), run(480, 120, 500), run(450, 300, 900)];
    expect(summarize(runs)).toMatchObject({ total: kbytes(480), longestTaskMs: 120, longTasksMs: 500 });
    expect(visitFailures(runs)).toEqual(['visit: 480.0 KB transferred over the whole visit, over the 475.0 KB budget']);
  });

  it('takes budgets as given', () => {
    expect(visitFailures([run(450, 150, 300)], { ...visitBudgets, longestTaskMs: 100 })).toEqual([
      'visit: longest main-thread task 150 ms in the best of 1 run > 100 ms',
    ]);
  });

  it('prints bytes by kind, the total, the scene script and the long tasks', () => {
    const rows = visitRows([run(450, 90, 300)]);
    expect(rows.map((row) => row.figure)).toEqual([
      'bytes: script',
      'bytes: video',
      'bytes: total',
      'script + wasm the scene brings',
      'longest task (best run)',
      'long tasks in all (best run)',
      'long tasks in all, every run',
    ]);
    expect(rows.find((row) => row.figure === 'bytes: total')).toEqual({
      figure: 'bytes: total',
      value: '450.0 KB',
      budget: '475.0 KB',
    });
  });

  it('sorts responses by file name first, then by what asked for them', () => {
    expect(kindOf('http://h/decoder/wrapper.js', 'Fetch')).toBe('script');
    expect(kindOf('http://h/decoder/decoder.wasm', 'Fetch')).toBe('wasm');
    expect(kindOf('http://h/models/group-meal.glb', 'Fetch')).toBe('model');
    expect(kindOf('http://h/videos/hero-small.webm', 'Media')).toBe('video');
    expect(kindOf('http://h/images/scene-still.avif', 'Image')).toBe('image');
    expect(kindOf('http://h/_astro/f.woff2', 'Font')).toBe('font');
    expect(kindOf('http://h/', 'Document')).toBe('document');
    expect(kindOf('http://h/manifest.webmanifest', 'Manifest')).toBe('other');
  });
});

/**
 * A page's CDP session as the visit sees it, playing a worker that started before its Network domain was on (as
 * happens when Playwright's own session resumes the worker first): the worker's events are whatever the test sends.
 */
function fakeSession(workerTimings: { url: string; transferSize: number }[]) {
  const listeners = new Map<string, ((params: unknown) => void)[]>();
  const emit = (method: string, params: unknown) => listeners.get(method)?.forEach((listener) => listener(params));
  const session = {
    on(method: string, listener: (params: unknown) => void) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
      return session;
    },
    async send(method: string, params?: { sessionId?: string; message?: string }) {
      if (method === 'Target.sendMessageToTarget') {
        const { id, method: asked } = JSON.parse(params!.message!) as { id: number; method: string };
        const result = asked === 'Runtime.evaluate' ? { result: { value: workerTimings } } : {};
        queueMicrotask(() =>
          emit('Target.receivedMessageFromTarget', {
            sessionId: params!.sessionId,
            message: JSON.stringify({ id, result }),
          }),
        );
      }
      return {};
    },
  };
  const fromWorker = (method: string, params: object) =>
    emit('Target.receivedMessageFromTarget', { sessionId: 'w', message: JSON.stringify({ method, params }) });
  return { session: session as unknown as Parameters<typeof countBytes>[0], emit, fromWorker };
}

describe('counting a worker', () => {
  const page = (count: ReturnType<typeof countBytes>, fake: ReturnType<typeof fakeSession>) => {
    fake.emit('Network.requestWillBeSent', { requestId: '1', request: { url: 'http://h/' }, type: 'Document' });
    fake.emit('Network.loadingFinished', { requestId: '1', encodedDataLength: 10_000 });
    // The page asks for the worker's script and hears nothing more of it.
    fake.emit('Network.requestWillBeSent', { requestId: '2', request: { url: 'http://h/worker.js' }, type: 'Script' });
    fake.emit('Target.attachedToTarget', { sessionId: 'w', targetInfo: { type: 'worker', url: 'http://h/worker.js' } });
    return count;
  };

  it('counts a request whose first event came before the worker was listening, still streaming at the end', async () => {
    const fake = fakeSession([]);
    const count = page(countBytes(fake.session), fake);
    fake.fromWorker('Network.responseReceived', {
      requestId: '9',
      type: 'Fetch',
      response: { url: 'http://h/bloat.bin' },
    });
    fake.fromWorker('Network.dataReceived', { requestId: '9', encodedDataLength: 400_000 });
    // The worker also reports its own script's response: the page's request, counted once, from the page's timing.
    fake.fromWorker('Network.responseReceived', {
      requestId: 'S',
      type: 'Script',
      response: { url: 'http://h/worker.js' },
    });
    fake.fromWorker('Network.loadingFinished', { requestId: 'S', encodedDataLength: 236 });
    const { bytes, total } = await count.result([{ url: 'http://h/worker.js', transferSize: 5_000 }]);
    expect(bytes).toMatchObject({ document: 10_000, script: 5_000, other: 400_000 });
    expect(total).toBe(415_000);
  });

  it("counts, from the worker's own timing, a request no event reported", async () => {
    const fake = fakeSession([
      { url: 'http://h/bloat.bin', transferSize: 800_300 },
      { url: 'http://h/decoder.wasm', transferSize: 50_000 },
    ]);
    const count = page(countBytes(fake.session), fake);
    fake.fromWorker('Network.requestWillBeSent', { requestId: '7', request: { url: 'http://h/decoder.wasm' } });
    fake.fromWorker('Network.loadingFinished', { requestId: '7', encodedDataLength: 50_000 });
    const { bytes, total } = await count.result([{ url: 'http://h/worker.js', transferSize: 5_000 }]);
    expect(bytes).toMatchObject({ document: 10_000, script: 5_000, wasm: 50_000, other: 800_300 });
    expect(total).toBe(865_300);
  });
});
