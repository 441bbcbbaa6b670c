/**
 * Copies three.js's Draco decoder (examples/jsm/libs/draco/gltf/) into public/draco/, so the default config serves
 * the 3D scene's decoder from this site and makes no cross-origin request. Notes the three.js version it came from
 * in public/draco/SOURCE.txt. Run it after upgrading three:
 *
 *   npm run draco
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dracoDecoderPaths } from '../src/lib/media.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const three = join(root, 'node_modules', 'three');
const source = join(three, 'examples', 'jsm', 'libs', 'draco', 'gltf');
const target = join(root, 'public', dracoDecoderPaths.self);
const files = ['draco_decoder.js', 'draco_decoder.wasm', 'draco_wasm_wrapper.js'];
const { version } = JSON.parse(readFileSync(join(three, 'package.json'), 'utf8')) as { version: string };

mkdirSync(target, { recursive: true });
for (const file of files) copyFileSync(join(source, file), join(target, file));
writeFileSync(
  join(target, 'SOURCE.txt'),
  `Draco glTF decoder copied from three@${version} (examples/jsm/libs/draco/gltf/) by scripts/copy-draco.ts.\n`,
);
console.log(`Copied the Draco decoder of three@${version} into public${dracoDecoderPaths.self}: ${files.join(', ')}.`);
