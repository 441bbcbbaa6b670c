/**
 * The page the footage renderer drives: the site's own scene (src/lib/scene/stage.ts) on the page's canvas.
 * `window.renderShot()` resolves with the slot's first view as a PNG data URL; `renderShot(turn)` with the footage
 * camera `turn` (0..1) of the way round the table, lower and closer than the slot's, so the clip loops seamlessly.
 */
import { modelPath } from '../../src/lib/media.ts';
import { slotCamera } from '../../src/lib/scene/look.ts';
import { createStage, parseModel } from '../../src/lib/scene/stage.ts';

const orbit = { radius: 2.5, height: 1.25, fov: 40, lookAt: [0, 0, 0.15] as const };

declare global {
  interface Window {
    renderShot: (turn?: number) => Promise<string>;
  }
}

const canvas = document.querySelector('canvas')!;
// The drawing buffer is kept so the frame can be read back.
const stage = createStage(canvas, { antialias: true, preserveDrawingBuffer: true });
const placed = fetch(modelPath)
  .then((response) => response.arrayBuffer())
  .then((bytes) => parseModel(bytes))
  .then((model) => stage.place(model));

window.renderShot = async (turn) => {
  await placed;
  const { camera } = stage;
  if (turn === undefined) {
    camera.fov = slotCamera.fov;
    camera.position.set(...slotCamera.position);
    camera.lookAt(...slotCamera.target);
  } else {
    camera.fov = orbit.fov;
    camera.position.set(
      Math.sin(turn * Math.PI * 2) * orbit.radius,
      orbit.height,
      Math.cos(turn * Math.PI * 2) * orbit.radius,
    );
    camera.lookAt(...orbit.lookAt);
  }
  stage.resize(innerWidth, innerHeight, 1);
  stage.draw();
  return canvas.toDataURL('image/png');
};
