/**
 * An owner who made their hero from their own clip keeps it: `npm run footage` re-renders only the scene's still, and
 * `--video` refuses to write over footage made with `npm run media` (docs/requirements.md#owner-footage).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { systemPackagesProblem } from '../../scripts/ensure-system-deps.ts';
import { ownerHeroVideos } from '../../scripts/media/pipeline.ts';
import { heroStillPath, heroVariants, heroVideoSources, stillFormats, type HeroVariant } from '../../src/lib/media.ts';
import { freePort } from '../support/processes.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';

const heroFiles = (Object.keys(heroVariants) as HeroVariant[]).flatMap((variant) => [
  ...heroVideoSources(variant).map((source) => `public${source.src}`),
  ...heroVariants[variant].stillWidths.flatMap((width) =>
    stillFormats.map((format) => `public${heroStillPath(variant, width, format)}`),
  ),
]);

let project: ProjectCopy;
// Tests install nothing: without ffmpeg or Chromium this stops here, naming the command that installs them.
beforeAll(() => {
  const problem = systemPackagesProblem('media', 'browser');
  if (problem) throw new Error(problem);
  project = copyProject();
});
afterAll(() => project?.remove());

/** Runs `npm run <script> -- ...args` in the copy; returns its exit code and output. */
async function npmRun(script: string, ...args: string[]) {
  const env = { ...process.env, FOOTAGE_PORT: String(await freePort()) };
  const run = spawnSync('npm', ['run', script, '--', ...args], { cwd: project.dir, env, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const hashes = () =>
  Object.fromEntries(
    heroFiles.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(join(project.dir, file)))
        .digest('hex'),
    ]),
  );

test(
  'npm run footage leaves a hero made with npm run media as it is, with or without --video',
  { timeout: 900_000 },
  async () => {
    const clip = join(project.dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=24:duration=4', clip]);
    const media = await npmRun('media', clip);
    expect(media.output).toContain('Wrote 18 files');
    const owners = hashes();

    const footage = await npmRun('footage');
    expect(footage.output).toContain('Wrote public/images/scene-still.avif');
    expect(footage.output).toContain('The hero video is left as it is');
    expect(footage.status).toBe(0);
    expect(hashes()).toEqual(owners);

    const video = await npmRun('footage', '--video');
    expect(video.output).toContain('The hero video is your own footage (public/videos/hero-large.av1.mp4');
    expect(video.status).toBe(1);
    expect(hashes()).toEqual(owners);
  },
);

test('the hero video as shipped is marked as the scene footage, which npm run footage -- --video may replace', () => {
  expect(ownerHeroVideos(join(import.meta.dirname, '../../public'))).toEqual([]);
});
