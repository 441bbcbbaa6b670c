/**
 * The page the footage renderer drives: the site's own FoodScene, drawn with a fixed shot on demand.
 * `window.renderShot(shot)` resolves with that shot as a PNG data URL.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import FoodScene, { type FoodSceneProps } from '../../src/components/FoodScene.tsx';
import { dracoDecoderPaths } from '../../src/lib/media.ts';

type Shot = NonNullable<FoodSceneProps['shot']>;

declare global {
  interface Window {
    renderShot: (shot: Shot) => Promise<string>;
  }
}

const root = createRoot(document.getElementById('scene')!);
const loaded = Promise.withResolvers<void>();
let failed: unknown;

window.renderShot = async (shot) => {
  flushSync(() =>
    root.render(
      <FoodScene
        decoderPath={dracoDecoderPaths.self}
        shot={shot}
        onReady={loaded.resolve}
        onError={(error) => {
          failed = error;
          loaded.reject(error);
        }}
      />,
    ),
  );
  await loaded.promise;
  if (failed) throw failed;
  // A shot draws on demand in the animation frame after it changes; the drawing buffer is kept for reading back.
  // After a viewport change the canvas is resized (and cleared) a frame or two later: wait until it has been.
  const canvas = document.querySelector('canvas')!;
  for (let i = 0; i < 2 || canvas.width !== innerWidth || canvas.height !== innerHeight; i++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (i > 600)
      throw new Error(`The canvas stayed ${canvas.width}x${canvas.height} in a ${innerWidth}x${innerHeight} window.`);
  }
  return canvas.toDataURL('image/png');
};
