/**
 * The messages between the scene's slot (src/components/LiveScene.tsx, on the page) and the worker that draws the
 * scene (src/lib/scene/sceneWorker.client.ts). The page keeps everything a person interacts with (the slot, the pause
 * control, the pointer, whether the slot is on screen) and tells the worker; the worker only draws.
 */

/** The canvas's size in CSS pixels, and the pixel ratio to draw it at. */
export interface SceneSize {
  width: number;
  height: number;
  pixelRatio: number;
}

/** Whether the scene should be drawing: `active` is false while the slot is off screen, `paused` by the visitor. */
export interface SceneMotion {
  active: boolean;
  paused: boolean;
}

export type ToScene =
  | {
      type: 'start';
      /** The slot's canvas, handed over to the worker (transferControlToOffscreen). */
      canvas: OffscreenCanvas;
      /** The model's bytes, as the landing page preloaded them (so it is requested once per page). */
      model: ArrayBuffer;
      /** Software WebGL draws without multisampling (see src/lib/scene/webglProbe.client.ts). */
      antialias: boolean;
    }
  // Size and motion come as their own messages, sent whenever they change, the first ones before 'start'.
  | ({ type: 'size' } & SceneSize)
  | ({ type: 'motion' } & SceneMotion)
  /** A drag, as fractions of the canvas's width and height since it began. */
  | { type: 'drag'; across: number; down: number }
  | { type: 'release' };

export type FromScene =
  /** The model is drawn and on screen: the page swaps the still for the canvas. */
  | { type: 'ready' }
  /** The scene cannot be drawn (model, its decoder's WebAssembly, WebGL): the page keeps its still. */
  | { type: 'failed'; reason: string };
