import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pointDecoderDefaultsAtSite, strayDecoders } from '../../src/integrations/oneDracoDecoder.ts';

const require = createRequire(import.meta.url);

describe('one Draco decoder', () => {
  it("points every default decoder URL of the installed three.js's DRACOLoader at /draco/", async () => {
    const source = await readFile(require.resolve('three/examples/jsm/loaders/DRACOLoader.js'), 'utf8');
    const { code, replaced } = pointDecoderDefaultsAtSite(source);
    // Three files of the full decoder and two of the glTF one: all five would otherwise be copied into _astro/.
    expect(replaced).toBe(5);
    expect(code).not.toMatch(/new URL\([^)]*libs\/draco/);
    expect(code).toContain('"/draco/draco_decoder.wasm"');
    expect(code).toContain('"/draco/draco_wasm_wrapper.js"');
  });

  describe('the build check', () => {
    let dist: string;
    afterEach(() => rm(dist, { recursive: true, force: true }));

    it('finds a decoder copy outside /draco/ and accepts the one inside', async () => {
      dist = await mkdtemp(join(tmpdir(), 'draco-dist-'));
      await mkdir(join(dist, 'draco'));
      await mkdir(join(dist, '_astro'));
      await writeFile(join(dist, 'draco/draco_decoder.wasm'), 'x');
      await writeFile(join(dist, 'draco/draco_wasm_wrapper.js'), 'x');
      expect(await strayDecoders(dist)).toEqual([]);
      await writeFile(join(dist, '_astro/draco_decoder.C32yEggz.wasm'), 'x');
      await writeFile(join(dist, '_astro/draco_wasm_wrapper.DxJM36Ib.js'), 'x');
      expect(await strayDecoders(dist)).toEqual([
        '_astro/draco_decoder.C32yEggz.wasm',
        '_astro/draco_wasm_wrapper.DxJM36Ib.js',
      ]);
    });
  });
});
