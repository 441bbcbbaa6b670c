/**
 * Compressed once, at build: nginx sends the .br and .gz files the build wrote beside each file
 * (astro-compressor in astro.config.ts), byte for byte, instead of compressing every response again.
 */
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { port } from '../../playwright.config.ts';

const dist = join(import.meta.dirname, '../../dist');

/** The body exactly as it came over the wire (no decoding), with the response headers. */
function wire(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            vary: res.headers.vary,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Every file of the build that has a brotli copy beside it, as the URL a browser asks for. */
const precompressed = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.br'))
  .map((file) => file.slice(0, -'.br'.length))
  .sort();

/** Files a browser asks for by their own address (the 404 page only answers as an error: its own test below). */
const served = precompressed.filter((file) => file !== '404.html');

/** The address of a built file: pages are asked for without .html (`/privacy`), the landing page as `/`. */
const urlOf = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);

test('the build writes brotli and gzip copies of the pages, styles, scripts and model', () => {
  for (const kind of [/^index\.html$/, /^privacy\.html$/, /^_astro\/.+\.js$/, /\.glb$/]) {
    expect(
      precompressed.some((file) => kind.test(file)),
      `a .br copy of ${kind}`,
    ).toBe(true);
  }
  for (const file of precompressed) {
    const original = readFileSync(join(dist, file));
    expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).equals(original), `${file}.br`).toBe(true);
    expect(gunzipSync(readFileSync(join(dist, `${file}.gz`))).equals(original), `${file}.gz`).toBe(true);
  }
});

test('nginx sends the brotli copy byte for byte to a browser that accepts brotli', async () => {
  for (const file of served) {
    const response = await wire(urlOf(file), 'gzip, deflate, br');
    expect(response.status, urlOf(file)).toBe(200);
    expect(response.encoding, urlOf(file)).toBe('br');
    expect(response.vary, urlOf(file)).toBe('Accept-Encoding');
    // Compressed on the fly (brotli level 6) would be other, larger bytes.
    expect(response.body.equals(readFileSync(join(dist, `${file}.br`))), `${urlOf(file)} is ${file}.br`).toBe(true);
  }
});

test('nginx sends the gzip copy byte for byte to a browser that accepts only gzip', async () => {
  for (const file of served) {
    const response = await wire(urlOf(file), 'gzip');
    expect(response.encoding, urlOf(file)).toBe('gzip');
    expect(response.body.equals(readFileSync(join(dist, `${file}.gz`))), `${urlOf(file)} is ${file}.gz`).toBe(true);
  }
});

test('a client that accepts no compression gets the file itself', async () => {
  const response = await wire('/', 'identity');
  expect(response.encoding).toBeUndefined();
  expect(response.body.equals(readFileSync(join(dist, 'index.html')))).toBe(true);
});

test('the 404 page is sent from its brotli copy too', async () => {
  const response = await wire('/no-such-page', 'br');
  expect(response.status).toBe(404);
  expect(response.encoding).toBe('br');
  expect(response.body.equals(readFileSync(join(dist, '404.html.br')))).toBe(true);
});
