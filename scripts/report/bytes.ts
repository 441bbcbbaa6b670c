/**
 * Bytes per page, measured in Chromium as a visitor loads it: HTML, CSS, JavaScript before the load event (external
 * and inline), JavaScript loaded lazily after it (once scrolled to the end), fonts and images; text gzipped at one
 * level whatever the server compresses. Plus the media files against their budgets (DESIGN.md).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { heroVariants, heroVideoSources, modelMaxBytes, modelPath } from '../../src/lib/media.ts';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { kb, type GateResult } from './types.ts';

export const budgets = {
  landingJsBeforeLoad: 75 * 1024,
  legalHtmlAndCss: 30 * 1024,
};

export interface PageBytes {
  path: string;
  html: number;
  css: number;
  jsBeforeLoad: number;
  jsLazy: number;
  fonts: number;
  images: number;
  media: number;
  files: { url: string; type: string; bytes: number; beforeLoad: boolean }[];
}

const gzip = (body: Buffer) => gzipSync(body).length;

/** Loads one page and sorts every byte it fetched by kind and by whether it came before the load event. */
export async function measurePage(baseUrl: string, path: string): Promise<PageBytes> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const responses: Promise<{ url: string; type: string; bytes: number; at: number } | undefined>[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('response', (response) => {
      const beforeLoad = !loaded;
      const type = response.request().resourceType();
      responses.push(
        (async () => {
          // Media answers in ranges; the media budgets are checked on the files themselves below.
          if (type === 'media') return { url: response.url(), type, bytes: 0, at: beforeLoad ? 0 : 1 };
          const body = await response.body().catch(() => undefined);
          if (!body) return undefined;
          const text = ['document', 'stylesheet', 'script', 'fetch', 'xhr'].includes(type);
          return { url: response.url(), type, bytes: text ? gzip(body) : body.length, at: beforeLoad ? 0 : 1 };
        })(),
      );
    });
    await page.goto(baseUrl + path, { waitUntil: 'load' });
    loaded = true;
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !script.getAttribute('type')?.includes('json'))
        .map((script) => script.textContent ?? ''),
    );
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const files = (await Promise.all(responses))
      .filter((file) => file !== undefined)
      .map((file) => ({
        url: new URL(file.url).pathname,
        type: file.type,
        bytes: file.bytes,
        beforeLoad: file.at === 0,
      }));
    const inlineJs = inline.reduce((sum, code) => sum + (code ? gzip(Buffer.from(code)) : 0), 0);
    const total = (filter: (file: PageBytes['files'][number]) => boolean) =>
      files.filter(filter).reduce((sum, file) => sum + file.bytes, 0);
    return {
      path,
      html: total((f) => f.type === 'document'),
      css: total((f) => f.type === 'stylesheet'),
      jsBeforeLoad: total((f) => f.type === 'script' && f.beforeLoad) + inlineJs,
      jsLazy: total((f) => f.type === 'script' && !f.beforeLoad),
      fonts: total((f) => f.type === 'font'),
      images: total((f) => f.type === 'image'),
      media: total((f) => f.type === 'fetch' && f.url.startsWith('/models/')),
      files,
    };
  } finally {
    await browser.close();
  }
}

export async function bytesGate(baseUrl: string, paths: string[], distDir: string): Promise<GateResult> {
  const rows: GateResult['rows'] = [];
  const failures: string[] = [];
  for (const path of paths) {
    const bytes = await measurePage(baseUrl, path);
    rows.push({
      page: path,
      'HTML gz': kb(bytes.html),
      'CSS gz': kb(bytes.css),
      'JS before load gz': kb(bytes.jsBeforeLoad),
      'JS lazy gz': kb(bytes.jsLazy),
      fonts: kb(bytes.fonts),
      images: kb(bytes.images),
      model: kb(bytes.media),
    });
    if (path === '/' && bytes.jsBeforeLoad > budgets.landingJsBeforeLoad) {
      failures.push(
        `bytes: ${path} loads ${kb(bytes.jsBeforeLoad)} of JavaScript before the load event, over the ${kb(budgets.landingJsBeforeLoad)} budget`,
      );
    }
    if (path !== '/' && bytes.html + bytes.css > budgets.legalHtmlAndCss) {
      failures.push(
        `bytes: ${path} HTML + CSS is ${kb(bytes.html + bytes.css)}, over the ${kb(budgets.legalHtmlAndCss)} budget`,
      );
    }
    if (path !== '/' && bytes.jsBeforeLoad + bytes.jsLazy > 0) {
      const scripts = bytes.files.filter((file) => file.type === 'script').map((file) => file.url);
      failures.push(`bytes: ${path} loads JavaScript (${scripts.join(', ') || 'inline'}); legal pages ship none`);
    }
  }
  // Media files: every encoding of each hero variant, and the model.
  const media = [
    ...(['large', 'small'] as const).flatMap((variant) =>
      heroVideoSources(variant).map(({ src }) => ({ file: src, budget: heroVariants[variant].maxBytes })),
    ),
    { file: modelPath, budget: modelMaxBytes },
  ];
  for (const { file, budget } of media) {
    const size = (await stat(join(distDir, file)).catch(() => undefined))?.size;
    rows.push({ page: file, size: size === undefined ? 'missing' : kb(size), budget: kb(budget) });
    if (size === undefined) failures.push(`bytes: ${file} is missing from the build`);
    else if (size > budget) failures.push(`bytes: ${file} is ${kb(size)}, over its ${kb(budget)} budget`);
  }
  return { name: 'Bytes', rows, failures };
}
