/**
 * Compresses once, at build: writes `file.br` (brotli quality 11) and `file.gz` (gzip level 9) beside every
 * compressible file in dist/, which nginx serves as they are (`brotli_static`, `gzip_static` in
 * deploy/types-and-compression.conf) and static hosts that look for them can too. Compressing each response on the
 * fly would cost nginx most of its time and send more bytes. finishDist.ts runs it last, on the files as they ship.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text and binary formats that shrink (video, images, fonts and the like are compressed already). */
export const compressibleExtensions = [
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
  '.wasm',
  '.glb',
] as const;

/** Below this a compressed copy saves less than its headers cost (nginx's gzip_min_length in deploy/). */
export const minBytes = 256;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Precompressed {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

/** Every file under `dir` that gets compressed copies (not copies already written). */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && (compressibleExtensions as readonly string[]).includes(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Writes the .br and .gz copies of every compressible file under `dir`. A copy that would not be smaller than the
 * file is not written (nginx then sends the file as it is), so no visitor ever downloads more for asking to save.
 */
export async function precompress(dir: string): Promise<Precompressed[]> {
  const files = await compressibleFiles(dir);
  // zlib's async calls run on libuv's thread pool: the files compress in parallel on every core.
  return Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const result: Precompressed = { file: relative(dir, file), bytes: body.length };
      if (body.length < minBytes) return result;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: /\.(wasm|glb)$/.test(file)
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < body.length) {
        await writeFile(`${file}.br`, br);
        result.br = br.length;
      }
      if (gz.length < body.length) {
        await writeFile(`${file}.gz`, gz);
        result.gz = gz.length;
      }
      return result;
    }),
  );
}
