import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../../src/integrations/precompress.ts';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

async function site(files: Record<string, string | Buffer>) {
  dir = await mkdtemp(join(tmpdir(), 'precompress-'));
  for (const [name, body] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), body);
  }
  return dir;
}

const page = `<!doctype html><title>Tablemates</title>${'<p>AI food recommendations for your groups</p>'.repeat(50)}`;

describe('precompress', () => {
  it('writes brotli quality 11 and gzip copies that decode to the file, beside it', async () => {
    await site({ 'index.html': page, '_astro/app.js': `export const x = ${JSON.stringify(page)};` });
    await precompress(dir);
    const html = await readFile(join(dir, 'index.html'));
    const br = await readFile(join(dir, 'index.html.br'));
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(gunzipSync(await readFile(join(dir, 'index.html.gz'))).equals(html)).toBe(true);
    // Quality 11, not the library default: at most the size of a quality-11 stream, smaller than quality 6.
    const q6 = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
    expect(br.length).toBeLessThanOrEqual(q6.length);
    expect(await readdir(join(dir, '_astro'))).toEqual(['app.js', 'app.js.br', 'app.js.gz']);
  });

  it('leaves alone media that is compressed already, tiny files, and copies that would not be smaller', async () => {
    await site({
      'videos/hero.webm': randomBytes(4096),
      'images/still.avif': randomBytes(4096),
      'tiny.js': 'let a=1;',
      'draco/noise.wasm': randomBytes(4096),
    });
    const result = await precompress(dir);
    expect((await readdir(dir, { recursive: true })).filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
    expect(result.map((file) => file.file).sort()).toEqual(['draco/noise.wasm', 'tiny.js']);
  });

  it('compresses the manifest, SVG, XML, JSON, WebAssembly and the model', async () => {
    const text = page.repeat(2);
    await site({
      'manifest.webmanifest': JSON.stringify({ name: text }),
      'favicon.svg': `<svg>${text}</svg>`,
      'sitemap-0.xml': `<urlset>${text}</urlset>`,
      'data.json': JSON.stringify({ text }),
      'draco/decoder.wasm': Buffer.alloc(4096, 7),
      'models/meal.glb': Buffer.alloc(4096, 3),
    });
    await precompress(dir);
    const copies = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.br')).sort();
    expect(copies).toEqual([
      'data.json.br',
      'draco/decoder.wasm.br',
      'favicon.svg.br',
      'manifest.webmanifest.br',
      'models/meal.glb.br',
      'sitemap-0.xml.br',
    ]);
  });
});
