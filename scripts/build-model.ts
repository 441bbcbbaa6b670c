/**
 * Builds the 3D scene's model from code: a stylised group meal (a shared round table with a pizza board in the
 * middle, ramen, salad, sushi, a burger with fries, dumplings, drinks and chopsticks), merged into one primitive per
 * material, quantised and meshopt-compressed (EXT_meshopt_compression) with glTF-Transform. The scene's worker decodes
 * it with three.js's MeshoptDecoder, which it bundles: no decoder file, no nested worker. Writes
 * public/models/group-meal.glb and fails when it is over its budget. Deterministic: the same code writes the same
 * bytes.
 *
 *   npm run model
 */
import { writeFileSync } from 'node:fs';
import { Document, NodeIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { meshopt, prune } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import { modelMaxBytes, modelPath } from '../src/lib/media.ts';
import { box, bowl, cylinder, dome, plate, sphere, type Geometry } from './media/shapes.ts';

/** The brand's warm food palette (sRGB hex) and how shiny each surface is. */
const materials = {
  table: { color: '#4a2a1a', roughness: 0.75 },
  board: { color: '#a86a38', roughness: 0.7 },
  ceramic: { color: '#fff8f0', roughness: 0.35 },
  darkCeramic: { color: '#2e1f18', roughness: 0.4 },
  terracotta: { color: '#c4552f', roughness: 0.5 },
  crust: { color: '#dc9a4c', roughness: 0.8 },
  sauce: { color: '#d8402a', roughness: 0.55 },
  cheese: { color: '#f6cf5a', roughness: 0.6 },
  basil: { color: '#4f8f2f', roughness: 0.6 },
  lettuce: { color: '#8cc04a', roughness: 0.6 },
  tomato: { color: '#ff5a36', roughness: 0.35 },
  broth: { color: '#c8742c', roughness: 0.25 },
  noodle: { color: '#f4d48c', roughness: 0.6 },
  egg: { color: '#fbf3e4', roughness: 0.5 },
  yolk: { color: '#ffb020', roughness: 0.4 },
  meat: { color: '#5e2f1c', roughness: 0.7 },
  rice: { color: '#f7f2e8', roughness: 0.8 },
  nori: { color: '#1d2a1a', roughness: 0.6 },
  salmon: { color: '#ff8a5c', roughness: 0.45 },
  bamboo: { color: '#c9a064', roughness: 0.8 },
  dumpling: { color: '#f3e2c4', roughness: 0.7 },
  drink: { color: '#ff9a2e', roughness: 0.2 },
  chopstick: { color: '#2a1810', roughness: 0.6 },
} as const;
type MaterialName = keyof typeof materials;

const parts = new Map<MaterialName, Geometry[]>();
function add(material: MaterialName, ...geometries: Geometry[]) {
  parts.set(material, [...(parts.get(material) ?? []), ...geometries]);
}

/** A seat around the table: where its dish sits, at `turn` (0..1) of the circle and `distance` from the centre. */
function seat(turn: number, distance = 1.05) {
  const angle = turn * Math.PI * 2;
  return { x: Math.cos(angle) * distance, z: Math.sin(angle) * distance, ry: -angle };
}

/** A tiny deterministic random sequence, so scattered toppings land in the same places on every build. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

// The shared table and the board in its middle. The tabletop's surface is at y = 0.
add('table', cylinder(1.75, 0.12, 72, { y: -0.12 }), cylinder(0.28, 0.9, 24, { y: -1.02 }));
add('board', cylinder(0.56, 0.04, 48));

// A pizza on the board, with a few slices' worth of toppings.
{
  add('crust', cylinder(0.48, 0.035, 48, { y: 0.04 }, 0.47));
  add('sauce', cylinder(0.43, 0.012, 48, { y: 0.075 }));
  const next = random(7);
  for (let i = 0; i < 14; i++) {
    const angle = next() * Math.PI * 2;
    const r = 0.08 + next() * 0.3;
    add(
      'cheese',
      cylinder(0.05 + next() * 0.03, 0.012, 12, { x: Math.cos(angle) * r, y: 0.08, z: Math.sin(angle) * r }),
    );
  }
  for (let i = 0; i < 8; i++) {
    const angle = (i / 8) * Math.PI * 2 + 0.3;
    const r = 0.2 + (i % 2) * 0.1;
    const at = { x: Math.cos(angle) * r, z: Math.sin(angle) * r };
    add('basil', sphere({ ...at, y: 0.095, sx: 0.04, sy: 0.008, sz: 0.025, ry: angle }, 10, 4));
    add('tomato', cylinder(0.035, 0.01, 14, { x: at.x * 0.6 + 0.04, y: 0.09, z: at.z * 0.6 - 0.03 }));
  }
}

// Ramen: a dark bowl with broth, noodles, half eggs and spring onion.
{
  const at = seat(0.0);
  add('ceramic', plate(0.3, at));
  add('darkCeramic', bowl(0.24, 0.16, { ...at, y: 0.02 }));
  add('broth', cylinder(0.215, 0.01, 32, { ...at, y: 0.13 }));
  for (let i = 0; i < 7; i++) {
    add(
      'noodle',
      box(0.2, 0.012, 0.012, { ...at, x: at.x - 0.04 + i * 0.012, y: 0.14, z: at.z + 0.02, ry: 0.4 + i * 0.1 }),
    );
  }
  for (const [dx, dz] of [
    [0.08, -0.06],
    [-0.02, -0.1],
  ]) {
    add('egg', dome({ x: at.x + dx, y: 0.135, z: at.z + dz, sx: 0.05, sy: 0.025, sz: 0.04 }, 16, 4));
    add('yolk', cylinder(0.022, 0.01, 12, { x: at.x + dx, y: 0.155, z: at.z + dz }));
  }
  const next = random(3);
  for (let i = 0; i < 10; i++) {
    add('lettuce', cylinder(0.012, 0.01, 8, { x: at.x - 0.1 + next() * 0.2, y: 0.14, z: at.z + 0.02 + next() * 0.1 }));
  }
}

// A salad bowl: leaves, cherry tomatoes and corn.
{
  const at = seat(0.2);
  add('terracotta', bowl(0.26, 0.14, at));
  const next = random(11);
  for (let i = 0; i < 18; i++) {
    const angle = next() * Math.PI * 2;
    const r = next() * 0.17;
    add(
      i % 3 ? 'lettuce' : 'basil',
      sphere(
        {
          x: at.x + Math.cos(angle) * r,
          y: 0.13,
          z: at.z + Math.sin(angle) * r,
          sx: 0.07,
          sy: 0.03,
          sz: 0.05,
          ry: angle,
        },
        10,
        5,
      ),
    );
  }
  for (let i = 0; i < 6; i++) {
    const angle = (i / 6) * Math.PI * 2;
    add(
      'tomato',
      sphere(
        {
          x: at.x + Math.cos(angle) * 0.12,
          y: 0.16,
          z: at.z + Math.sin(angle) * 0.12,
          sx: 0.035,
          sy: 0.035,
          sz: 0.035,
        },
        12,
        6,
      ),
    );
  }
  for (let i = 0; i < 10; i++) {
    add(
      'cheese',
      box(0.018, 0.018, 0.018, { x: at.x - 0.06 + next() * 0.12, y: 0.15, z: at.z - 0.06 + next() * 0.12 }),
    );
  }
}

// Sushi on a long plate.
{
  const at = seat(0.4);
  add('ceramic', box(0.5, 0.025, 0.2, at));
  for (let i = 0; i < 4; i++) {
    const offset = -0.18 + i * 0.12;
    const place = { x: at.x + Math.cos(at.ry) * offset, z: at.z - Math.sin(at.ry) * offset, y: 0.025 };
    add('nori', cylinder(0.05, 0.06, 20, place));
    add('rice', cylinder(0.042, 0.062, 20, place));
    add('salmon', cylinder(0.018, 0.064, 12, place));
  }
}

// A burger and fries.
{
  const at = seat(0.6);
  add('ceramic', plate(0.3, at));
  const burger = { x: at.x + 0.05, z: at.z };
  add('crust', cylinder(0.12, 0.04, 24, { ...burger, y: 0.02 }));
  add('meat', cylinder(0.125, 0.04, 24, { ...burger, y: 0.06 }));
  add('cheese', box(0.2, 0.01, 0.2, { ...burger, y: 0.1, ry: 0.3 }));
  add('lettuce', cylinder(0.135, 0.012, 24, { ...burger, y: 0.11 }));
  add('tomato', cylinder(0.11, 0.015, 24, { ...burger, y: 0.122 }));
  add('crust', dome({ ...burger, y: 0.137, sx: 0.125, sy: 0.09, sz: 0.125 }));
  const next = random(5);
  for (let i = 0; i < 12; i++) {
    add(
      'cheese',
      box(0.018, 0.018, 0.14, {
        x: at.x - 0.14 + next() * 0.06,
        y: 0.02 + (i % 3) * 0.018,
        z: at.z - 0.08 + next() * 0.16,
        ry: next() * 1.2 - 0.6,
      }),
    );
  }
}

// Dumplings in a bamboo steamer.
{
  const at = seat(0.8);
  add('bamboo', bowl(0.25, 0.1, at, 36));
  for (let i = 0; i < 5; i++) {
    const angle = (i / 5) * Math.PI * 2;
    add(
      'dumpling',
      sphere(
        {
          x: at.x + Math.cos(angle) * 0.12,
          y: 0.06,
          z: at.z + Math.sin(angle) * 0.12,
          sx: 0.075,
          sy: 0.05,
          sz: 0.055,
          ry: angle,
        },
        14,
        7,
      ),
    );
  }
  add('dumpling', sphere({ x: at.x, y: 0.06, z: at.z, sx: 0.07, sy: 0.05, sz: 0.055 }, 14, 7));
}

// Drinks and chopsticks between the seats, and small sauce dishes near the board.
for (const turn of [0.1, 0.5, 0.9]) {
  const at = seat(turn, 1.3);
  add('ceramic', cylinder(0.08, 0.2, 24, at, 0.09));
  add('drink', cylinder(0.075, 0.012, 24, { ...at, y: 0.17 }));
}
for (const turn of [0.3, 0.7]) {
  const at = seat(turn, 1.25);
  for (const offset of [-0.02, 0.02]) {
    add('chopstick', box(0.014, 0.014, 0.42, { x: at.x + offset, y: 0.0, z: at.z, ry: at.ry }));
  }
}
for (const turn of [0.05, 0.55]) {
  const at = seat(turn, 0.62);
  add('darkCeramic', bowl(0.08, 0.035, at, 20));
  add('meat', cylinder(0.065, 0.01, 20, { ...at, y: 0.02 }));
}

const document = new Document();
const buffer = document.createBuffer();
const scene = document.createScene('group-meal');
const mesh = document.createMesh('group-meal');
for (const [name, geometries] of parts) {
  const { color, roughness } = materials[name];
  const material = document
    .createMaterial(name)
    .setBaseColorFactor([...srgbToLinear(color), 1])
    .setRoughnessFactor(roughness)
    .setMetallicFactor(0);
  const merged = merge(geometries);
  const primitive = document
    .createPrimitive()
    .setMaterial(material)
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(merged.positions)).setBuffer(buffer),
    )
    .setAttribute(
      'NORMAL',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(merged.normals)).setBuffer(buffer),
    )
    .setIndices(
      document.createAccessor().setType('SCALAR').setArray(new Uint32Array(merged.indices)).setBuffer(buffer),
    );
  mesh.addPrimitive(primitive);
}
scene.addChild(document.createNode('group-meal').setMesh(mesh));
document.getRoot().setDefaultScene(scene);

await MeshoptEncoder.ready;
// 12-bit positions and 8-bit normals. 'high' adds meshopt's filters (octahedral normals), which brotli compresses
// smaller than 'medium'.
await document.transform(
  prune(),
  meshopt({ encoder: MeshoptEncoder, level: 'high', quantizePosition: 12, quantizeNormal: 8 }),
);

const io = new NodeIO()
  .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
  .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
const bytes = await io.writeBinary(document);
const target = new URL(`../public${modelPath}`, import.meta.url);
if (bytes.byteLength > modelMaxBytes) {
  console.error(`${modelPath} would be ${bytes.byteLength} bytes; the budget is ${modelMaxBytes} bytes (150 KB).`);
  process.exit(1);
}
writeFileSync(target, bytes);
console.log(`Wrote public${modelPath}: ${bytes.byteLength} bytes (budget ${modelMaxBytes}).`);

function merge(geometries: Geometry[]): Geometry {
  const merged: Geometry = { positions: [], normals: [], indices: [] };
  for (const geometry of geometries) {
    const offset = merged.positions.length / 3;
    merged.positions.push(...geometry.positions);
    merged.normals.push(...geometry.normals);
    merged.indices.push(...geometry.indices.map((index) => index + offset));
  }
  return merged;
}

/** glTF colour factors are linear; the palette is written in sRGB like the site's CSS. */
function srgbToLinear(hex: string): [number, number, number] {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const linear = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return [linear[0], linear[1], linear[2]];
}
