/**
 * The 3D scene: the group meal model on its table, lit warmly from above, slowly turning, draggable within limits.
 * This module is the heavy part (three.js, React Three Fiber, drei): SceneSlot imports it lazily, only when the slot
 * nears the viewport. The footage renderer (scripts/media/footage-page.tsx) draws the same setting and model, with
 * cameras of its own, from the parts exported below.
 */
import { PresentationControls } from '@react-three/drei';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import type { Group } from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { modelPath } from '../lib/media.ts';
import { preloadModel } from '../lib/modelPreload.client.ts';

import { backgroundColor, lights, slotCamera, turnSpeed } from '../lib/sceneLook.ts';

/** Where the model's own relative references (none today) would resolve. */
const modelDirectory = modelPath.slice(0, modelPath.lastIndexOf('/') + 1);

export interface FoodSceneProps {
  /** Where the Draco decoder lives: this site's /draco/ or the public versioned host (config.dracoDecoder). */
  decoderPath: string;
  /** Called once the model has been drawn. */
  onReady?: () => void;
  /** Called when the model or its decoder cannot be loaded; the caller shows its still instead. */
  onError?: (error: unknown) => void;
  /** 'software' (WebGL without a GPU) draws without multisampling at a pixel ratio of 1; see src/lib/webgl.ts. */
  quality?: 'software' | 'hardware';
  /** False stops drawing (the slot is off screen): the slow turn is not worth a battery. */
  active?: boolean;
  /** The visitor paused the scene (WCAG 2.2.2): a still picture, no turn and no drag, redrawn only when resized. */
  paused?: boolean;
}

export default function FoodScene({
  decoderPath,
  onReady,
  onError,
  quality = 'hardware',
  active = true,
  paused = false,
}: FoodSceneProps) {
  const hardware = quality === 'hardware';
  const model = useModel(decoderPath, onError);
  return (
    <Canvas
      camera={slotCamera}
      // A capped pixel ratio keeps phones fast; the scene is soft and dark, so it loses little.
      dpr={hardware ? [1, 2] : 1}
      gl={{ antialias: hardware, powerPreference: 'low-power' }}
      // A paused scene draws only when it changes; the live scene draws every frame while on screen.
      frameloop={!active ? 'never' : paused ? 'demand' : 'always'}
      aria-hidden="true"
    >
      <SceneSetting />
      <LookAtTable />
      {model && (
        // Drag turns the table a little either way and tips it slightly; it springs back when let go.
        <PresentationControls
          enabled={!paused}
          global={false}
          cursor
          snap
          polar={[-0.12, 0.25]}
          azimuth={[-0.6, 0.6]}
          speed={1.2}
        >
          <GroupMeal model={model} onReady={onReady} turning={!paused} />
        </PresentationControls>
      )}
    </Canvas>
  );
}

/**
 * The room: the espresso background and fog the table fades into, a pool of warm light over the middle of the table
 * and an amber rim from behind.
 */
export function SceneSetting() {
  return (
    <>
      <color attach="background" args={[backgroundColor]} />
      <fog attach="fog" args={[backgroundColor, 3.8, 7.5]} />
      <ambientLight color={lights.ambient} intensity={0.35} />
      <hemisphereLight args={[lights.sky, backgroundColor, 0.45]} />
      <spotLight position={[0.4, 4.2, 0.8]} angle={0.62} penumbra={0.85} decay={2} intensity={55} color={lights.spot} />
      <directionalLight position={[-2.5, 1.6, -3]} intensity={1.1} color={lights.rim} />
    </>
  );
}

/**
 * Loads the model outside the canvas, so that a failed load is an ordinary rejected promise handed to `onError`
 * rather than an error thrown inside React Three Fiber's own renderer (which reports it as uncaught).
 */
export function useModel(decoderPath: string, onError?: (error: unknown) => void) {
  const [model, setModel] = useState<Group>();
  const report = useRef(onError);
  useEffect(() => {
    report.current = onError;
  }, [onError]);
  useEffect(() => {
    let current = true;
    const draco = new DRACOLoader().setDecoderPath(decoderPath);
    // The bytes the landing page preloaded when idle (one request per page, whatever the HTTP caching).
    preloadModel()
      .then((bytes) => new GLTFLoader().setDRACOLoader(draco).parseAsync(bytes, modelDirectory))
      .then(
        (gltf) => current && setModel(gltf.scene),
        (error: unknown) => current && report.current?.(error),
      )
      // The decoder's worker is only needed while decoding.
      .finally(() => draco.dispose());
    return () => {
      current = false;
    };
  }, [decoderPath]);
  return model;
}

/** The model, reported ready once it is on screen; `turning` adds the live scene's slow turn. */
export function GroupMeal({
  model,
  onReady,
  turning = false,
}: {
  model: Group;
  onReady?: () => void;
  turning?: boolean;
}) {
  const group = useRef<Group>(null);
  const invalidate = useThree((state) => state.invalidate);
  const reported = useRef(false);

  useFrame((_, delta) => {
    // The slow turn; capped so a tab coming back from the background does not jump.
    if (turning && group.current) group.current.rotation.y += Math.min(delta, 0.1) * turnSpeed;
  });
  useEffect(() => {
    invalidate();
    // Two frames: the first draws the model, the second is on screen.
    const id = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (reported.current) return;
        reported.current = true;
        onReady?.();
      }),
    );
    return () => cancelAnimationFrame(id);
  }, [model, invalidate, onReady]);

  return (
    <group ref={group}>
      <primitive object={model} />
    </group>
  );
}

/** Points the camera at the middle of the table. */
export function LookAtTable() {
  const camera = useThree((state) => state.camera);
  useEffect(() => camera.lookAt(0, 0, 0), [camera]);
  return null;
}
