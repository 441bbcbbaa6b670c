/**
 * The live 3D scene's canvas. It hands the canvas to a worker (src/lib/scene/sceneWorker.client.ts), which loads three.js,
 * decodes the model and draws every frame off the main thread; this component stays on the page and tells the worker
 * what the visitor does: the slot's size, whether it is on screen, the pause control and pointer drags.
 *
 * SceneSlot renders it only where webglSupport() is not 'none' (an OffscreenCanvas with WebGL 2), so the worker's
 * code is requested only then, and only once the slot nears the viewport.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { FromScene, ToScene } from '../lib/scene/protocol.ts';

export interface LiveSceneProps {
  /** 'software' (WebGL without a GPU): no multisampling, a pixel ratio of 1 (src/lib/scene/webglProbe.client.ts). */
  quality: 'software' | 'hardware';
  /** False stops drawing (the slot is off screen): the slow turn is not worth a battery. */
  active: boolean;
  /** The visitor paused the scene (WCAG 2.2.2): a still picture, no turn and no drag, redrawn only when resized. */
  paused: boolean;
  /** Called once the model has been drawn and is on screen. */
  onReady: () => void;
  /** Called when the worker, the model, its decoder or WebGL fails, or the worker never answers; the caller shows its still instead. */
  onError: () => void;
}

/**
 * How long the worker may take from 'start' to the model on screen before the page gives up and keeps its still.
 * Every failure that can be seen reports itself (the worker's 'error', a rejected preload, a 'failed' answer), so this
 * covers only a worker that never answers. It is generous because nothing visible waits on it: it frees a hung
 * worker, and must never cut off a slow software renderer that would have drawn.
 */
const readyDeadlineMs = 20_000;

export default function LiveScene({ quality, active, paused, onReady, onError }: LiveSceneProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const worker = useRef<Worker>(undefined);
  const drag = useRef<{ pointer: number; x: number; y: number }>(undefined);
  const [dragging, setDragging] = useState(false);
  const callbacks = useRef({ onReady, onError });
  useEffect(() => {
    callbacks.current = { onReady, onError };
  }, [onReady, onError]);

  // Starts the worker once: a canvas can be handed over only once.
  useEffect(() => {
    const element = canvas.current!;
    const scene = new Worker(new URL('../lib/scene/sceneWorker.client.ts', import.meta.url), {
      type: 'module',
      name: 'scene',
    });
    worker.current = scene;
    const send = (message: ToScene, transfer: Transferable[] = []) => scene.postMessage(message, transfer);
    let failed = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const fail = () => {
      clearTimeout(deadline);
      if (failed) return;
      failed = true;
      scene.terminate();
      callbacks.current.onError();
    };
    scene.addEventListener('message', ({ data }: MessageEvent<FromScene>) => {
      if (data.type !== 'ready') return fail();
      clearTimeout(deadline);
      callbacks.current.onReady();
    });
    // The worker's script failed to load, or something in it threw.
    scene.addEventListener('error', fail);

    // A capped pixel ratio keeps phones fast; the scene is soft and dark, so it loses little.
    const pixelRatio = () => (quality === 'software' ? 1 : Math.min(Math.max(devicePixelRatio, 1), 2));
    const resize = new ResizeObserver(() =>
      send({ type: 'size', width: element.clientWidth, height: element.clientHeight, pixelRatio: pixelRatio() }),
    );
    resize.observe(element);

    const offscreen = element.transferControlToOffscreen();
    // The bytes the landing page preloads when idle (one request per page, whatever the HTTP caching), copied over.
    window.preloadModel().then((model) => {
      if (failed) return;
      deadline = setTimeout(fail, readyDeadlineMs);
      send({ type: 'start', canvas: offscreen, model, antialias: quality === 'hardware' }, [offscreen]);
    }, fail);
    return () => {
      // Unmounted: nothing is reported any more.
      failed = true;
      clearTimeout(deadline);
      resize.disconnect();
      scene.terminate();
    };
  }, [quality]);

  useEffect(() => {
    worker.current?.postMessage({ type: 'motion', active, paused } satisfies ToScene);
  }, [active, paused]);

  /** A drag turns the table within limits; it springs back when let go (src/lib/scene/tilt.ts). */
  const pointer = {
    onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
      if (paused || event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
      setDragging(true);
    },
    onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
      const start = drag.current;
      if (!start || start.pointer !== event.pointerId) return;
      const { clientWidth, clientHeight } = event.currentTarget;
      worker.current?.postMessage({
        type: 'drag',
        across: (event.clientX - start.x) / clientWidth,
        down: (event.clientY - start.y) / clientHeight,
      } satisfies ToScene);
    },
    // Let go, or the browser took the gesture over (a vertical swipe scrolls the page).
    onLostPointerCapture() {
      if (!drag.current) return;
      drag.current = undefined;
      setDragging(false);
      worker.current?.postMessage({ type: 'release' } satisfies ToScene);
    },
  };

  return <canvas ref={canvas} aria-hidden="true" data-dragging={dragging || undefined} {...pointer} />;
}
