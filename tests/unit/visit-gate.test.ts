import { describe, expect, it } from 'vitest';
import { countBytes } from '../../scripts/report/visit.ts';

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

// The whole-visit gate once missed half the runs' worker downloads (the cause of a red CI run): a worker's
// requests that start before its Network domain is on are still counted. (tests/e2e/visit-gate.e2e.ts shows the
// gate failing a heavy page on every budget.)
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
