/** `npm run footage` never writes over a hero the owner made with `npm run media` (docs/requirements.md#owner-footage). */
import { execFileSync, spawnSync } from 'node:child_process';
import { hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { systemPackagesProblem } from '../../scripts/ensure-system-deps.ts';
import { freePort } from '../support/processes.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';

let project: ProjectCopy;
// Tests install nothing: without ffmpeg or Chromium this stops here, naming the command that installs them.
beforeAll(() => {
  const problem = systemPackagesProblem('media', 'browser');
  if (problem) throw new Error(problem);
  project = copyProject();
});
afterAll(() => project?.remove());

async function npmRun(script: string, ...args: string[]) {
  const env = { ...process.env, FOOTAGE_PORT: String(await freePort()) };
  const run = spawnSync('npm', ['run', script, '--', ...args], { cwd: project.dir, env, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The hero videos and stills in the copy's public/. */
const heroHashes = () =>
  readdirSync(join(project.dir, 'public'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)hero-/.test(file))
    .map((file) => `${file} ${hash('sha256', readFileSync(join(project.dir, 'public', file)))}`);

test(
  'npm run footage leaves a hero made with npm run media as it is, with or without --video',
  { timeout: 900_000 },
  async () => {
    const clip = join(project.dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=24:duration=4', clip]);
    expect((await npmRun('media', clip)).output).toContain('Wrote 18 files');
    const owners = heroHashes();

    expect(await npmRun('footage')).toMatchObject({
      status: 0,
      output: expect.stringMatching(/Wrote public\/images\/scene-still\.avif[^]*The hero video is left as it is/),
    });
    expect(heroHashes()).toEqual(owners);

    expect(await npmRun('footage', '--video')).toMatchObject({
      status: 1,
      output: expect.stringContaining('The hero video is your own footage (public/videos/hero-large.av1.mp4'),
    });
    expect(heroHashes()).toEqual(owners);
  },
);
