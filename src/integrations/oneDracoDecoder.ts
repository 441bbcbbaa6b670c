/**
 * One Draco decoder in dist/: the one in /draco/ (public/draco/, copied from three.js by `npm run draco`).
 *
 * three.js's DRACOLoader names its own decoder files as defaults with `new URL('../libs/draco/…', import.meta.url)`,
 * and Vite copies every file named that way into _astro/ (about 1.3 MB: the full and the glTF-only decoder, JS and
 * WebAssembly), although the scene always calls setDecoderPath() and never requests them. This hook points those
 * defaults at /draco/ instead, so Vite emits nothing, and fails the build when a decoder file turns up anywhere else
 * (a three.js upgrade that names them differently, or a second loader that brings its own).
 */
import { readdir } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { dracoDecoderPaths } from '../lib/media.ts';

/** `new URL( '../libs/draco/gltf/draco_decoder.wasm', import.meta.url ).toString()`, as three.js writes it. */
const decoderUrl =
  /new URL\(\s*['"]\.\.\/libs\/draco\/(?:gltf\/)?(draco_[\w.]+)['"],\s*import\.meta\.url\s*\)\.toString\(\)/g;

/**
 * DRACOLoader's source with its default decoder URLs pointing at this site's copy. The glTF-only build there decodes
 * everything this site loads (glTF models); the defaults are unused anyway, as the scene sets the path it wants.
 */
export function pointDecoderDefaultsAtSite(source: string): { code: string; replaced: number } {
  let replaced = 0;
  const code = source.replace(decoderUrl, (_, file: string) => {
    replaced++;
    return JSON.stringify(`${dracoDecoderPaths.self}${file}`);
  });
  return { code, replaced };
}

/** Draco decoder files under `dist` outside the one copy in /draco/, as paths relative to dist. */
export async function strayDecoders(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  const own = dracoDecoderPaths.self.replace(/^\/|\/$/g, '');
  return entries
    .filter((entry) => entry.isFile() && /^draco_(decoder|wasm_wrapper)\b/.test(entry.name))
    .map((entry) => relative(dist, `${entry.parentPath}/${entry.name}`))
    .filter((path) => !path.startsWith(`${own}/`))
    .sort();
}

/** The Vite plugin that applies pointDecoderDefaultsAtSite to three.js's DRACOLoader. */
function pointDecoderPlugin(): Plugin {
  return {
    name: 'one-draco-decoder',
    enforce: 'pre',
    transform(source, id) {
      if (!/three\/examples\/jsm\/loaders\/DRACOLoader\.js$/.test(id.split('?')[0] ?? '')) return;
      const { code, replaced } = pointDecoderDefaultsAtSite(source);
      // three.js changed how it names its decoder: say so rather than silently ship a second copy.
      if (replaced === 0)
        this.error(
          `${id}: no "new URL('../libs/draco/…', import.meta.url)" found to point at ${dracoDecoderPaths.self}; see src/integrations/oneDracoDecoder.ts`,
        );
      return { code, map: null };
    },
  };
}

export function oneDracoDecoder(): AstroIntegration {
  return {
    name: 'one-draco-decoder',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        // The scene's worker is bundled on its own, with its own plugin list: DRACOLoader is imported there.
        updateConfig({ vite: { plugins: [pointDecoderPlugin()], worker: { plugins: () => [pointDecoderPlugin()] } } });
      },
      'astro:build:done': async ({ dir }) => {
        const stray = await strayDecoders(fileURLToPath(dir));
        if (stray.length) {
          throw new Error(
            `dist/ holds Draco decoder files outside ${dracoDecoderPaths.self}: ${stray.join(', ')}; expected one copy ` +
              `(public${dracoDecoderPaths.self}). See src/integrations/oneDracoDecoder.ts.`,
          );
        }
      },
    },
  };
}
