/**
 * The 3D scene's look, shared by the live scene and the render pipeline (footage and still), so the still and the
 * footage show exactly what the scene shows.
 */
import { colors } from './theme.ts';

/** The brand's deep espresso: the scene's background and fog, so the table fades into the page. */
export const backgroundColor = colors.espresso;

/** The slot's view: high enough to see every dish, close enough to read them. */
export const slotCamera = { position: [0, 2.6, 3.6] as [number, number, number], fov: 38 };

/**
 * The footage's camera: lower and closer than the slot's, drifting on a closed loop (swaying side to side while
 * rising and dipping), so the clip loops seamlessly without ever playing backwards.
 */
export const footageOrbit = {
  radius: 2.5,
  height: 1.25,
  /** Radians either side of the front. */
  sway: 0.55,
  /** Up and down, in scene units. */
  bob: 0.22,
  fov: 40,
  lookAt: [0, 0, 0.15] as [number, number, number],
};

/** Radians per second of the live scene's slow turn (a full turn takes about 70 s). */
export const turnSpeed = 0.09;
