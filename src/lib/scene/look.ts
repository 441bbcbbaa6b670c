/**
 * The 3D scene's look, shared by the live scene (drawn in a worker, src/lib/scene/sceneWorker.client.ts) and the render
 * pipeline (footage and still, scripts/media/footage-page.ts), so the still and the footage show exactly what the
 * scene shows. The footage's own camera path is the renderer's.
 */
import { colors } from '../theme.ts';

/** The brand's deep espresso: the scene's background and fog, so the table fades into the page. */
export const backgroundColor = colors.espresso;

/**
 * The slot's view: high enough to see every dish, close enough to read them, aimed a little in front of the table's
 * centre (`target`) so the whole table (1.75 m across the radius) fills the 3:2 frame with a small margin on every
 * side: the near edge's perspective makes it reach lower in the frame than the far edge reaches up.
 */
export const slotCamera = {
  position: [0, 2.5, 3.5] as [number, number, number],
  target: [0, 0, 0.5] as [number, number, number],
  fov: 34,
};

/** The warm lights' colours: ambient, sky (the hemisphere's upper half), the spot over the table, the amber rim. */
export const lights = { ambient: '#ffd2a6', sky: '#ffe0b8', spot: '#ffc48a', rim: '#ff8a4a' };

/** Radians per second of the live scene's slow turn (a full turn takes about 70 s). */
export const turnSpeed = 0.09;

/**
 * Dragging turns the table a little either way and tips it slightly, and it springs back when let go: radians of
 * tilt (x, towards the viewer) and turn (y), and how far a drag across the whole canvas turns it (times pi).
 */
export const dragLimits = { tilt: [-0.12, 0.25], turn: [-0.6, 0.6], speed: 1.2 } as const;
