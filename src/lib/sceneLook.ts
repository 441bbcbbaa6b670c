/**
 * The 3D scene's look, shared by the live scene and the render pipeline (footage and still), so the still and the
 * footage show exactly what the scene shows. The footage's own camera path is the renderer's (scripts/media/).
 */
import { colors } from './theme.ts';

/** The brand's deep espresso: the scene's background and fog, so the table fades into the page. */
export const backgroundColor = colors.espresso;

/** The slot's view: high enough to see every dish, close enough to read them. */
export const slotCamera = { position: [0, 2.6, 3.6] as [number, number, number], fov: 38 };

/** The warm lights' colours: ambient, sky (the hemisphere's upper half), the spot over the table, the amber rim. */
export const lights = { ambient: '#ffd2a6', sky: '#ffe0b8', spot: '#ffc48a', rim: '#ff8a4a' };

/** Radians per second of the live scene's slow turn (a full turn takes about 70 s). */
export const turnSpeed = 0.09;
