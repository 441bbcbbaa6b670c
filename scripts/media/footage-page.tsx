/**
 * The page the footage renderer drives: the site's own scene setting and model (src/components/FoodScene.tsx),
 * drawn with a fixed shot on demand. `window.renderShot(shot)` resolves with that shot as a PNG data URL.
 */
import { Canvas, useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { GroupMeal, LookAtTable, SceneSetting, useModel } from '../../src/components/FoodScene.tsx';
import { dracoDecoderPaths } from '../../src/lib/media.ts';
import { slotCamera } from '../../src/lib/sceneLook.ts';

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

function ShotScene({ shot, onReady, onError }: { shot: Shot; onReady: () => void; onError: (error: unknown) => void }) {
  const model = useModel(dracoDecoderPaths.self, onError);
  return (
    <Canvas
      camera={shot.kind === 'footage' ? { fov: footageOrbit.fov } : slotCamera}
      dpr={1}
      // Drawn on demand, and the drawing buffer kept so the frame can be read back.
      gl={{ antialias: true, powerPreference: 'low-power', preserveDrawingBuffer: true }}
      frameloop="demand"
    >
      <SceneSetting />
      {shot.kind === 'footage' ? <OrbitCamera turn={shot.turn} /> : <LookAtTable />}
      {model && <GroupMeal model={model} onReady={onReady} />}
    </Canvas>
  );
}

function OrbitCamera({ turn }: { turn: number }) {
  const camera = useThree((state) => state.camera);
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => {
    const angle = turn * Math.PI * 2;
    camera.position.set(
      Math.sin(angle) * footageOrbit.radius,
      footageOrbit.height,
      Math.cos(angle) * footageOrbit.radius,
    );
    camera.lookAt(...footageOrbit.lookAt);
    invalidate();
  }, [camera, invalidate, turn]);
  return null;
}

const root = createRoot(document.getElementById('scene')!);
const loaded = Promise.withResolvers<void>();
let failed: unknown;

window.renderShot = async (shot) => {
  flushSync(() =>
    root.render(
      <ShotScene
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
