/**
 * Tiny geometry kit for the code-built 3D model: every shape is a lathe (a profile turned around the Y axis), which
 * covers plates, bowls, cups, buns, fruit and, with four segments, boxes. Shapes are placed in world space and
 * merged per material, so the model has one draw call per material.
 *
 * Written here rather than taken from three.js's geometries: these few dozen lines of plain arithmetic give the
 * same vertices on every machine and every version of every dependency, so `npm run model` writes the same bytes
 * and the committed model never changes by accident; three.js's geometry classes (and their vertex order) may change
 * between releases, and would bring a scene graph to a Node script that only needs arrays of numbers.
 */

export interface Geometry {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** A profile point: radius from the axis and height. Repeat a point to make a hard edge there. */
export type ProfilePoint = readonly [radius: number, y: number];

export interface Placement {
  x?: number;
  y?: number;
  z?: number;
  /** Scale per axis, applied first. */
  sx?: number;
  sy?: number;
  sz?: number;
  /** Rotations in radians: about X, then Z, then Y. */
  rx?: number;
  rz?: number;
  ry?: number;
}

/**
 * Turns a profile around the Y axis. Profiles run from the bottom centre outwards and up (counter-clockwise in the
 * radius/height plane) so that faces point outwards.
 */
export function lathe(profile: readonly ProfilePoint[], segments = 32, place: Placement = {}, phase = 0): Geometry {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [radius, y] of profile) {
    for (let j = 0; j < segments; j++) {
      const angle = phase + (j / segments) * Math.PI * 2;
      positions.push(...transform([radius * Math.cos(angle), y, radius * Math.sin(angle)], place));
    }
  }
  for (let i = 0; i < profile.length - 1; i++) {
    const [r0, y0] = profile[i];
    const [r1, y1] = profile[i + 1];
    if (r0 === r1 && y0 === y1) continue; // a hard-edge duplicate: no faces between the two rings
    for (let j = 0; j < segments; j++) {
      const a = i * segments + j;
      const b = i * segments + ((j + 1) % segments);
      const c = a + segments;
      const d = b + segments;
      if (r0 !== 0) indices.push(a, c, b);
      if (r1 !== 0) indices.push(b, c, d);
    }
  }
  return { positions, normals: smoothNormals(positions, indices), indices };
}

/** A closed cylinder (or, with different radii, a frustum) standing on y = 0. */
export function cylinder(radius: number, height: number, segments = 32, place: Placement = {}, topRadius = radius) {
  return lathe(
    [
      [0, 0],
      [radius, 0],
      [radius, 0],
      [topRadius, height],
      [topRadius, height],
      [0, height],
    ],
    segments,
    place,
  );
}

/** A sphere of radius 1 centred on the origin, shaped by the placement's scale. */
export function sphere(place: Placement = {}, segments = 16, rings = 10) {
  const profile: ProfilePoint[] = [];
  for (let i = 0; i <= rings; i++) {
    const angle = -Math.PI / 2 + (i / rings) * Math.PI;
    profile.push([Math.cos(angle), Math.sin(angle)]);
  }
  profile[0] = [0, -1];
  profile[rings] = [0, 1];
  return lathe(profile, segments, place);
}

/** An upper half sphere (a bun top, half an egg) resting on y = 0. */
export function dome(place: Placement = {}, segments = 20, rings = 6) {
  const profile: ProfilePoint[] = [
    [0, 0],
    [1, 0],
    [1, 0],
  ];
  for (let i = 1; i <= rings; i++) {
    const angle = (i / rings) * (Math.PI / 2);
    profile.push([Math.cos(angle), Math.sin(angle)]);
  }
  profile[profile.length - 1] = [0, 1];
  return lathe(profile, segments, place);
}

/** A box of the given size, centred on x/z and standing on y = 0: a four-segment lathe starting at 45 degrees. */
export function box(width: number, height: number, depth: number, place: Placement = {}) {
  const half = Math.SQRT1_2;
  return lathe(
    [
      [0, 0],
      [half, 0],
      [half, 0],
      [half, 1],
      [half, 1],
      [0, 1],
    ],
    4,
    { ...place, sx: width, sy: height, sz: depth },
    Math.PI / 4,
  );
}

/** An open bowl: outer wall up to the rim, inner wall back down, both faces visible. */
export function bowl(radius: number, height: number, place: Placement = {}, segments = 32) {
  const wall = 0.015;
  return lathe(
    [
      [0, 0],
      [radius * 0.45, 0],
      [radius * 0.45, 0],
      [radius * 0.85, height * 0.45],
      [radius, height],
      [radius, height],
      [radius - wall, height],
      [radius - wall, height],
      [(radius - wall) * 0.85, height * 0.5],
      [radius * 0.4, wall],
      [0, wall],
    ],
    segments,
    place,
  );
}

/** A plate with a raised rim. */
export function plate(radius: number, place: Placement = {}, segments = 40) {
  return lathe(
    [
      [0, 0],
      [radius * 0.6, 0],
      [radius * 0.6, 0],
      [radius, 0.03],
      [radius, 0.03],
      [radius * 0.7, 0.018],
      [0, 0.018],
    ],
    segments,
    place,
  );
}

/** Scale, then rotate about X, Z and Y, then move. */
function transform([x, y, z]: [number, number, number], place: Placement): [number, number, number] {
  const { sx = 1, sy = 1, sz = 1, rx = 0, rz = 0, ry = 0 } = place;
  let px = x * sx;
  let py = y * sy;
  let pz = z * sz;
  [py, pz] = [py * Math.cos(rx) - pz * Math.sin(rx), py * Math.sin(rx) + pz * Math.cos(rx)];
  [px, py] = [px * Math.cos(rz) - py * Math.sin(rz), px * Math.sin(rz) + py * Math.cos(rz)];
  [px, pz] = [px * Math.cos(ry) + pz * Math.sin(ry), -px * Math.sin(ry) + pz * Math.cos(ry)];
  return [px + (place.x ?? 0), py + (place.y ?? 0), pz + (place.z ?? 0)];
}

function smoothNormals(positions: number[], indices: number[]): number[] {
  const normals = new Array<number>(positions.length).fill(0);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t] * 3, indices[t + 1] * 3, indices[t + 2] * 3];
    const e1 = [positions[b] - positions[a], positions[b + 1] - positions[a + 1], positions[b + 2] - positions[a + 2]];
    const e2 = [positions[c] - positions[a], positions[c + 1] - positions[a + 1], positions[c + 2] - positions[a + 2]];
    // Counter-clockwise triangles (lathe's winding) face where e1 x e2 points; its length weights by area.
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    for (const v of [a, b, c]) for (let k = 0; k < 3; k++) normals[v + k] += n[k];
  }
  for (let v = 0; v < normals.length; v += 3) {
    const length = Math.hypot(normals[v], normals[v + 1], normals[v + 2]) || 1;
    for (let k = 0; k < 3; k++) normals[v + k] /= length;
  }
  return normals;
}
