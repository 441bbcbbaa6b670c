/**
 * The worker that draws the live 3D scene, on the slot's canvas handed over as an OffscreenCanvas: parsing three.js,
 * decoding the model and every frame happen here, off the page's main thread, so scrolling and tapping stay smooth
 * on a phone while the table turns. The page (src/components/LiveScene.tsx) sends what a person does (protocol.ts).
 *
 * It draws only while it has something to show: while the slot is on screen and the scene not paused, or while the
 * table springs back from a drag, or once after a resize. A paused or off-screen scene costs nothing.
 */
import { turnSpeed } from './look.ts';
import type { FromScene, SceneMotion, SceneSize, ToScene } from './protocol.ts';
import { createStage, parseModel, type Stage } from './stage.ts';
import { TableTilt } from './tilt.ts';

/** The parts of the worker's global scope it uses (typed here: the project's TypeScript lib is the page's DOM). */
interface WorkerScope {
  postMessage(message: FromScene): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToScene>) => void): void;
  requestAnimationFrame(callback: (time: number) => void): number;
}
const scope = self as unknown as WorkerScope;

let stage: Stage | undefined;
let motion: SceneMotion = { active: true, paused: false };
let size: SceneSize | undefined;
const tilt = new TableTilt();
/** What the next frame must do besides turning: apply a new size, and say the model is on screen. */
let sizeChanged = false;
let framesSinceModel = 0;
let frameRequested = false;
let lastFrame: number | undefined;

scope.addEventListener('message', ({ data: message }) => {
  switch (message.type) {
    case 'start':
      void start(message);
      break;
    case 'size':
      size = { width: message.width, height: message.height, pixelRatio: message.pixelRatio };
      sizeChanged = true;
      break;
    case 'motion':
      motion = { active: message.active, paused: message.paused };
      break;
    case 'drag':
      if (!motion.paused) tilt.drag(message.across, message.down);
      break;
    case 'release':
      tilt.release();
      break;
  }
  requestFrame();
});

async function start({ canvas, model, antialias }: Extract<ToScene, { type: 'start' }>) {
  try {
    const created = createStage(canvas, { antialias });
    created.place(await parseModel(model));
    stage = created;
    sizeChanged = true;
    requestFrame();
  } catch (error) {
    scope.postMessage({ type: 'failed', reason: error instanceof Error ? error.message : String(error) });
  }
}

/** Whether there is anything to draw: the first frames of the model, a resize, the turn, or a spring still moving. */
function needsFrame() {
  if (!stage || !size) return false;
  if (framesSinceModel < 2) return true;
  return motion.active && (sizeChanged || !motion.paused || tilt.moving);
}

function requestFrame() {
  if (frameRequested || !needsFrame()) return;
  frameRequested = true;
  scope.requestAnimationFrame(drawFrame);
}

function drawFrame(time: number) {
  frameRequested = false;
  if (!stage || !size) return;
  const seconds = lastFrame === undefined ? 0 : (time - lastFrame) / 1000;
  if (sizeChanged) {
    stage.resize(size.width, size.height, size.pixelRatio);
    sizeChanged = false;
  }
  // The slow turn, capped so a tab coming back from the background does not jump.
  if (!motion.paused) stage.turn.rotation.y += Math.min(seconds, 0.1) * turnSpeed;
  tilt.step(seconds);
  stage.tilt.rotation.set(tilt.x, tilt.y, 0);
  stage.draw();
  // Two frames: the first draws the model, the second shows it. Then the page may swap its still for the canvas.
  if (framesSinceModel < 2 && ++framesSinceModel === 2) scope.postMessage({ type: 'ready' });
  requestFrame();
  // A loop that stops (paused, off screen) starts again from where it was rather than catching up.
  lastFrame = frameRequested ? time : undefined;
}
