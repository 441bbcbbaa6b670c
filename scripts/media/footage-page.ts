/**
 * The page the footage renderer drives: the site's own scene (src/lib/scene/stage.ts: the same room, lights and
 * model the live scene draws in its worker), drawn here on the page's canvas with a fixed shot on demand.
 * `window.renderShot(shot)` resolves with that shot as a PNG data URL.
 */
import { modelPath } from '../../src/lib/media.ts';
import { slotCamera } from '../../src/lib/scene/look.ts';
import { createStage, parseModel } from '../../src/lib/scene/stage.ts';

/** The slot's first view (the scene's still), or the footage camera `turn` (0..1) of the way round its loop. */
type Shot = { kind: 'slot' } | { kind: 'footage'; turn: number };

/**
 * The footage's camera: lower and closer than the slot's, going once round the table, so the clip loops seamlessly
 * without ever playing backwards.
 */
const footageOrbit = { radius: 2.5, height: 1.25, fov: 40, lookAt: [0, 0, 0.15] as const };

declare global {
  interface Window {
    renderShot: (shot: Shot) => Promise<string>;
  }
}

const canvas = document.querySelector('canvas')!;
// The drawing buffer is kept so the frame can be read back.
const stage = createStage(canvas, { antialias: true, preserveDrawingBuffer: true });
const placed = fetch(modelPath)
  .then((response) => response.arrayBuffer())
  .then((bytes) => parseModel(bytes))
  .then((model) => stage.place(model));

window.renderShot = async (shot) => {
  await placed;
  const { camera } = stage;
  if (shot.kind === 'footage') {
    const angle = shot.turn * Math.PI * 2;
    camera.fov = footageOrbit.fov;
    camera.position.set(
      Math.sin(angle) * footageOrbit.radius,
      footageOrbit.height,
      Math.cos(angle) * footageOrbit.radius,
    );
    camera.lookAt(...footageOrbit.lookAt);
  } else {
    camera.fov = slotCamera.fov;
    camera.position.set(...slotCamera.position);
    camera.lookAt(...slotCamera.target);
  }
  stage.resize(innerWidth, innerHeight, 1);
  stage.draw();
  return canvas.toDataURL('image/png');
};
