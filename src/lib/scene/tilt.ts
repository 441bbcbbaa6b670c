/**
 * The table's answer to a drag: it follows the pointer within the limits in look.ts, on a spring, and springs back
 * level when let go. Pure arithmetic, so the worker that draws the scene runs it and a unit test can check it.
 */
import { dragLimits } from './look.ts';

/** A spring of React Spring's default feel (tension 170, friction 26, mass 1): quick, with hardly any overshoot. */
const spring = { tension: 170, friction: 26 };
/** Integration step: small enough to be stable at that stiffness whatever the frame rate. */
const stepSeconds = 1 / 240;

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

export class TableTilt {
  /** Radians: `x` tips the table towards the viewer, `y` turns it. */
  x = 0;
  y = 0;
  private velocity = { x: 0, y: 0 };
  private target = { x: 0, y: 0 };

  /**
   * The pointer has moved `across` the canvas's width and `down` its height (fractions, signed) since the drag
   * began: a drag across the whole canvas turns the table by `speed` times pi, within the limits.
   */
  drag(across: number, down: number) {
    this.target = {
      x: clamp(down * Math.PI * dragLimits.speed, dragLimits.tilt),
      y: clamp(across * Math.PI * dragLimits.speed, dragLimits.turn),
    };
  }

  /** Let go: back to level. */
  release() {
    this.target = { x: 0, y: 0 };
  }

  /** Whether the table is still moving (or held away from level) and needs drawing. */
  get moving() {
    const offset = Math.abs(this.x - this.target.x) + Math.abs(this.y - this.target.y);
    return offset + Math.abs(this.velocity.x) + Math.abs(this.velocity.y) > 1e-4;
  }

  /** Moves the spring on by `seconds` (capped, so a tab coming back from the background does not jump). */
  step(seconds: number) {
    for (let left = Math.min(seconds, 0.1); left > 0; left -= stepSeconds) {
      const dt = Math.min(left, stepSeconds);
      for (const axis of ['x', 'y'] as const) {
        const force = -spring.tension * (this[axis] - this.target[axis]) - spring.friction * this.velocity[axis];
        this.velocity[axis] += force * dt;
        this[axis] += this.velocity[axis] * dt;
      }
    }
    if (!this.moving) {
      Object.assign(this, this.target);
      this.velocity = { x: 0, y: 0 };
    }
  }
}
