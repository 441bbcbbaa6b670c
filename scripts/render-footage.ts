/**
 * Renders the site's default media from the 3D scene itself, so the page looks like a food product without any
 * stock footage: the scene's still (public/images/scene-still.{avif,webp}, the slot's first view) and, when asked,
 * the hero footage (a slow, cyclic camera drift around the table, encoded by the same pipeline as `npm run media`).
 *
 *   npm run footage              the scene's still
 *   npm run footage -- --video   the still and the hero video, unless the hero video is the owner's own
 *
 * A hero video made with `npm run media` carries no scene mark (scripts/media/pipeline.ts), and `--video` stops
 * before rendering anything rather than write over it.
 *
 * It bundles scripts/media/footage-page.ts with esbuild, serves it with public/ on 127.0.0.1 and draws each shot in
 * headless Chromium (software WebGL is fine: frames are captured one by one, never in real time).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import sharp from 'sharp';
import sirv from 'sirv';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { sceneStillPath, sceneStillSize } from '../src/lib/media.ts';
import { colors } from '../src/lib/theme.ts';
import { buildHeroMedia, MediaError, ownerHeroVideos } from './media/pipeline.ts';

/** The loop: 8 s at 24 frames per second; the last frame leads straight back into the first. */
const seconds = 8;
const fps = 24;
// Drawn at 720p and scaled up by the pipeline: the footage is softened anyway, and software rendering stays quick.
const frameSize = { width: 1280, height: 720 };
const port = Number(process.env.FOOTAGE_PORT ?? 4345);

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = join(root, 'public');
const { values } = parseArgs({ options: { video: { type: 'boolean', default: false } } });

const work = mkdtempSync(join(tmpdir(), 'tablemates-footage-'));
try {
  const owners = values.video ? ownerHeroVideos(publicDir) : [];
  if (owners.length) {
    throw new MediaError(
      `The hero video is your own footage (${owners.map((file) => relative(root, file)).join(', ')}: made with ` +
        '`npm run media`, not rendered from the scene), so `npm run footage -- --video` leaves it and renders ' +
        "nothing. To go back to the scene's footage, delete public/videos/hero-* first.",
    );
  }
  await build({
    entryPoints: [join(root, 'scripts/media/footage-page.ts')],
    bundle: true,
    format: 'esm',
    outfile: join(work, 'page.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  writeFileSync(
    join(work, 'index.html'),
    `<!doctype html><html><head><style>html,body,#scene{margin:0;display:block;width:100vw;height:100vh;background:${colors.espresso}}</style></head>` +
      `<body><canvas id="scene"></canvas><script type="module" src="/page.js"></script></body></html>`,
  );
  const server = serve(work);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: sceneStillSize });
    page.on('pageerror', (error) => console.error(`Page error: ${error.message}`));
    await page.goto(`http://127.0.0.1:${port}/`);

    // The scene's still: exactly the slot's first view.
    await writeStill(png(await page.evaluate(() => window.renderShot({ kind: 'slot' }))));

    if (values.video) {
      await page.setViewportSize(frameSize);
      const frames = seconds * fps;
      for (let frame = 0; frame < frames; frame++) {
        const shot = await page.evaluate((turn) => window.renderShot({ kind: 'footage', turn }), frame / frames);
        writeFileSync(join(work, `frame-${String(frame).padStart(4, '0')}.png`), png(shot));
        if (frame % 24 === 0) console.log(`Frame ${frame + 1} of ${frames}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (values.video) await encodeFootage();
  else console.log('The hero video is left as it is (`npm run footage -- --video` renders it from the scene too).');
} catch (error) {
  console.error(error instanceof MediaError ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * A near-lossless master of the frames, softened like a shallow-focus shot and darkened at the edges so the white
 * logo and text on top stay readable; the pipeline then makes every hero file from it, marked as the scene's.
 */
async function encodeFootage() {
  const master = join(work, 'master.mp4');
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-framerate', String(fps), '-i', join(work, 'frame-%04d.png')]
      .concat(['-vf', 'gblur=sigma=1.1,eq=brightness=-0.04:saturation=1.08,vignette=angle=PI/4.2,format=yuv420p'])
      .concat(['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '10', master]),
    { stdio: 'inherit' },
  );
  await buildHeroMedia({ source: master, outDir: publicDir, crossfade: 0, sceneFootage: true, log: console.log });
}

function png(dataUrl: string) {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function writeStill(png: Buffer) {
  const image = sharp(png).resize(sceneStillSize.width, sceneStillSize.height);
  await image
    .clone()
    .avif({ quality: 55, effort: 6 })
    .toFile(join(publicDir, sceneStillPath('avif')));
  await image
    .clone()
    .webp({ quality: 78, effort: 6 })
    .toFile(join(publicDir, sceneStillPath('webp')));
  console.log(`Wrote public${sceneStillPath('avif')} and public${sceneStillPath('webp')}.`);
}

/** Serves the bundled page from `dir` and everything else (model, decoder) from public/, with sirv's content types. */
function serve(dir: string) {
  const page = sirv(dir);
  const assets = sirv(publicDir);
  const server = createServer((request, response) =>
    page(request, response, () => assets(request, response, () => void response.writeHead(404).end())),
  );
  server.listen(port, '127.0.0.1');
  return server;
}
