import { describe, expect, it } from 'vitest';
import { dragLimits } from '../../src/lib/scene/look.ts';
import { TableTilt } from '../../src/lib/scene/tilt.ts';

/** Runs the spring for `seconds` at 60 frames per second. */
function settle(tilt: TableTilt, seconds = 2) {
  for (let t = 0; t < seconds; t += 1 / 60) tilt.step(1 / 60);
}

describe('the table answers a drag', () => {
  it('follows a small drag: a tenth of the canvas across turns it by a tenth of speed times pi', () => {
    const tilt = new TableTilt();
    tilt.drag(0.1, 0.02);
    settle(tilt);
    expect(tilt.y).toBeCloseTo(0.1 * Math.PI * dragLimits.speed, 3);
    expect(tilt.x).toBeCloseTo(0.02 * Math.PI * dragLimits.speed, 3);
    expect(tilt.moving).toBe(false);
  });

  it('stops at the limits however far the drag goes', () => {
    const tilt = new TableTilt();
    tilt.drag(5, 5);
    settle(tilt);
    expect([tilt.x, tilt.y]).toEqual([dragLimits.tilt[1], dragLimits.turn[1]]);
    tilt.drag(-5, -5);
    settle(tilt);
    expect([tilt.x, tilt.y]).toEqual([dragLimits.tilt[0], dragLimits.turn[0]]);
  });

  it('springs back level when let go, moving until it is there', () => {
    const tilt = new TableTilt();
    tilt.drag(0.3, 0.1);
    settle(tilt);
    tilt.release();
    tilt.step(1 / 60);
    expect(tilt.moving).toBe(true);
    settle(tilt);
    expect([tilt.x, tilt.y]).toEqual([0, 0]);
    expect(tilt.moving).toBe(false);
  });

  it('does not jump after a long gap between frames (a tab back from the background)', () => {
    const tilt = new TableTilt();
    tilt.drag(0.3, 0);
    tilt.step(30);
    // At most a tenth of a second of spring: on its way, not there.
    expect(tilt.y).toBeGreaterThan(0);
    expect(tilt.y).toBeLessThan(0.3 * Math.PI * dragLimits.speed * 0.9);
  });
});
