/**
 * `npm run footage` renders the 3D scene's still (public/images/scene-still.*); `-- --video` also renders the hero
 * video (a slow camera drift once round the table, through the media pipeline) unless the hero video is the owner's.
 * Headless Chromium draws each shot of scripts/media/footage-page.ts one by one, so software WebGL is fine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import sharp from 'sharp';
import sirv from 'sirv';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { sceneStillPath, sceneStillSize } from '../src/lib/media.ts';
import { colors } from '../src/lib/theme.ts';
import { buildHeroMedia, MediaError, ownerHeroVideos } from './media/pipeline.ts';

/** An 8 s loop at 24 fps, drawn at 720p: the pipeline softens and scales it up, and software GL stays quick. */
const fps = 24;
const frames = 8 * fps;
const frameSize = { width: 1280, height: 720 };
const port = Number(process.env.FOOTAGE_PORT ?? 4345);
const root = join(import.meta.dirname, '..');
const publicDir = join(root, 'public');
const { values } = parseArgs({ options: { video: { type: 'boolean', default: false } } });
const png = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

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
  const page = join(root, 'scripts/media/footage-page.ts');
  await build({ entryPoints: [page], bundle: true, format: 'esm', outfile: join(work, 'page.js') });
  writeFileSync(
    join(work, 'index.html'),
    `<!doctype html><html><head><style>html,body,#scene{margin:0;display:block;width:100vw;height:100vh;background:${colors.espresso}}</style></head>` +
      `<body><canvas id="scene"></canvas><script type="module" src="/page.js"></script></body></html>`,
  );
  // The bundled page from the work folder, the model and everything else from public/.
  const [bundled, assets] = [sirv(work), sirv(publicDir)];
  const server = createServer((request, response) =>
    bundled(request, response, () => assets(request, response, () => void response.writeHead(404).end())),
  ).listen(port, '127.0.0.1');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const tab = await browser.newPage({ viewport: sceneStillSize });
    tab.on('pageerror', (error) => console.error(`Page error: ${error.message}`));
    await tab.goto(`http://127.0.0.1:${port}/`);
    const shot = png(await tab.evaluate(() => window.renderShot()));
    for (const [format, quality] of [
      ['avif', 55],
      ['webp', 78],
    ] as const) {
      const still = sharp(shot).resize(sceneStillSize)[format]({ quality, effort: 6 });
      await still.toFile(join(publicDir, sceneStillPath(format)));
    }
    console.log(`Wrote public${sceneStillPath('avif')} and public${sceneStillPath('webp')}.`);
    if (values.video) {
      await tab.setViewportSize(frameSize);
      for (let frame = 0; frame < frames; frame++) {
        const shot = await tab.evaluate((turn) => window.renderShot(turn), frame / frames);
        writeFileSync(join(work, `frame-${String(frame).padStart(4, '0')}.png`), png(shot));
        if (frame % fps === 0) console.log(`Frame ${frame + 1} of ${frames}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (values.video) {
    // A near-lossless master, softened like a shallow-focus shot and darkened at the edges so the white text on top
    // stays readable; the pipeline makes every hero file from it, marked as the scene's.
    const master = join(work, 'master.mp4');
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-framerate', String(fps), '-i', join(work, 'frame-%04d.png')]
        .concat(['-vf', 'gblur=sigma=1.1,eq=brightness=-0.04:saturation=1.08,vignette=angle=PI/4.2,format=yuv420p'])
        .concat(['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '10', master]),
      { stdio: 'inherit' },
    );
    await buildHeroMedia(master, publicDir, 0, true);
  } else console.log('The hero video is left as it is (`npm run footage -- --video` renders it from the scene too).');
} catch (error) {
  console.error(error instanceof MediaError ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
