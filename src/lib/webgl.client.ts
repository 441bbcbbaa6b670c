/**
 * Whether and how well this browser can draw the 3D scene. The scene draws in a worker, on an OffscreenCanvas, with
 * WebGL 2 (three.js needs it): a browser that cannot hand a canvas to a worker, or has no WebGL 2 there (Safari
 * before 17, WebKitGTK), keeps the slot's still. A small worker of its own makes the WebGL context that answers
 * (src/lib/scene/webglProbe.client.ts), so the page's main thread never does; asked once per page.
 */
export type WebGLSupport = 'none' | 'software' | 'hardware';

let support: Promise<WebGLSupport> | undefined;

export function webglSupport(): Promise<WebGLSupport> {
  support ??= ask().catch(() => 'none' as const);
  return support;
}

function ask(): Promise<WebGLSupport> {
  // Without these no canvas can be handed to a worker: nothing to ask.
  if (typeof OffscreenCanvas === 'undefined' || !('transferControlToOffscreen' in HTMLCanvasElement.prototype)) {
    return Promise.resolve('none');
  }
  return new Promise((resolve) => {
    const probe = new Worker(new URL('./scene/webglProbe.client.ts', import.meta.url), {
      type: 'module',
      name: 'webgl-probe',
    });
    const answer = (support: WebGLSupport) => {
      probe.terminate();
      resolve(support);
    };
    probe.addEventListener('message', ({ data }: MessageEvent<WebGLSupport>) => answer(data));
    // Its script failed to load or was refused (the page's worker-src): no scene either.
    probe.addEventListener('error', () => answer('none'));
  });
}
