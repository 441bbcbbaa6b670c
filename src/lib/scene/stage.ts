/**
 * The 3D scene in plain three.js: the room (background, fog, warm lights), the camera and the table the model sits
 * on. It draws on whatever canvas it is given: the live scene's OffscreenCanvas in its worker
 * (src/lib/scene/sceneWorker.client.ts), or the footage renderer's page canvas (scripts/media/footage-page.ts). Both
 * share this one module, so the still and the footage show exactly what the live scene shows.
 */
import {
  ACESFilmicToneMapping,
  AmbientLight,
  Color,
  DirectionalLight,
  Fog,
  Group,
  HemisphereLight,
  PerspectiveCamera,
  Scene,
  SpotLight,
  WebGLRenderer,
} from 'three';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { modelPath } from '../media.ts';
import { backgroundColor, lights, slotCamera } from './look.ts';

export interface StageOptions {
  /** Multisampling: off for software WebGL, where it costs a CPU renderer several times more per frame. */
  antialias: boolean;
  /** Keeps each frame readable after it is shown (the footage renderer reads frames back; the live scene does not). */
  preserveDrawingBuffer?: boolean;
}

export type Stage = ReturnType<typeof createStage>;

export function createStage(canvas: HTMLCanvasElement | OffscreenCanvas, options: StageOptions) {
  const renderer = new WebGLRenderer({
    canvas,
    antialias: options.antialias,
    alpha: true,
    powerPreference: 'low-power',
    preserveDrawingBuffer: options.preserveDrawingBuffer ?? false,
  });
  // Filmic tone mapping keeps the spot's pool of light from burning out the plates under it.
  renderer.toneMapping = ACESFilmicToneMapping;

  const scene = new Scene();
  scene.background = new Color(backgroundColor);
  scene.fog = new Fog(backgroundColor, 3.8, 7.5);
  const spot = new SpotLight(lights.spot, 55, 0, 0.62, 0.85, 2);
  spot.position.set(0.4, 4.2, 0.8);
  const rim = new DirectionalLight(lights.rim, 1.1);
  rim.position.set(-2.5, 1.6, -3);
  scene.add(new AmbientLight(lights.ambient, 0.35), new HemisphereLight(lights.sky, backgroundColor, 0.45), spot, rim);

  const camera = new PerspectiveCamera(slotCamera.fov, 1, 0.1, 1000);
  camera.position.set(...slotCamera.position);
  camera.lookAt(...slotCamera.target);

  // The table: `tilt` takes the visitor's drag, `turn` the slow turn, the model sits in both.
  const tilt = new Group();
  const turn = new Group();
  tilt.add(turn);
  scene.add(tilt);

  return {
    camera,
    tilt,
    turn,
    /** Puts the model on the table. */
    place(model: Group) {
      turn.add(model);
    },
    /** Sizes the drawing buffer; `width` and `height` in CSS pixels (an OffscreenCanvas has no style to set). */
    resize(width: number, height: number, pixelRatio: number) {
      camera.aspect = width / Math.max(height, 1);
      camera.updateProjectionMatrix();
      renderer.setPixelRatio(pixelRatio);
      renderer.setSize(width, height, false);
    },
    draw() {
      renderer.render(scene, camera);
    },
  };
}

/** Where the model's own relative references (none today) would resolve. */
const modelDirectory = modelPath.slice(0, modelPath.lastIndexOf('/') + 1);

/**
 * Parses the model's bytes, decoding its meshopt-compressed buffers (`npm run model`) with three.js's
 * MeshoptDecoder. The decoder is part of this module: its WebAssembly is inlined in its code and runs in the calling
 * thread (the scene's worker), so nothing is fetched and no other worker is started.
 */
export async function parseModel(bytes: ArrayBuffer): Promise<Group> {
  return (await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).parseAsync(bytes, modelDirectory)).scene;
}
