/** `npm run media` (scripts/media.ts) on clips made on the spot from ffmpeg's moving test pattern. */
import { execFileSync, spawnSync } from 'node:child_process';
import { hash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { systemPackagesProblem } from '../../scripts/ensure-system-deps.ts';
import { heroStillPath, heroVariants, heroVideoSources, stillFormats, type HeroVariant } from '../../src/lib/media.ts';

const work = mkdtempSync(join(tmpdir(), 'media-test-'));
const variants = Object.keys(heroVariants) as HeroVariant[];
const heroFiles = variants.flatMap((variant) => [
  ...heroVideoSources(variant).map((video) => video.src),
  ...heroVariants[variant].stillWidths.flatMap((width) => stillFormats.map((f) => heroStillPath(variant, width, f))),
]);

function media(...args: string[]) {
  const run = spawnSync('node_modules/.bin/node', ['scripts/media.ts', ...args], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A clip with a tone, which the pipeline must drop. */
function clip(name: string, seconds: number) {
  const lavfi = `-f lavfi -i testsrc2=size=640x360:rate=24:duration=${seconds} -f lavfi -i sine=duration=${seconds}`;
  execFileSync('ffmpeg', `-v error -y ${lavfi} -shortest ${join(work, name)}`.split(' '));
  return join(work, name);
}

// Tests install nothing: without ffmpeg this stops here, naming the command that installs it.
beforeAll(() => {
  const problem = systemPackagesProblem('media');
  if (problem) throw new Error(problem);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

test(
  'turns a short clip into every hero file, within budget, without audio, the same bytes every time',
  { timeout: 900_000 },
  () => {
    const source = clip('clip.mp4', 4);
    expect(media(source, '--out', join(work, 'first')).output).toContain('Wrote 18 files');
    for (const variant of variants) {
      const { width, height, maxBytes } = heroVariants[variant];
      for (const { src, codec } of heroVideoSources(variant)) {
        const file = join(work, 'first', src);
        const probe = `-v error -show_entries stream=codec_type,codec_name,width,height -of csv=p=0 ${file}`.split(' ');
        expect(execFileSync('ffprobe', probe, { encoding: 'utf8' }), src).toBe(`${codec},video,${width},${height}\n`);
        expect(readFileSync(file).length, src).toBeLessThanOrEqual(maxBytes);
        // An MP4's index (moov) comes before its media data (mdat), so playback starts at once.
        const head = readFileSync(file).toString('latin1', 0, 4096);
        if (src.endsWith('.mp4')) expect(head.replace(/mdat[^]*/, ''), src).toContain('moov');
      }
    }
    expect(media(source, '--out', join(work, 'second')).status).toBe(0);
    const hashes = (dir: string) => heroFiles.map((file) => hash('sha256', readFileSync(join(work, dir, file))));
    expect(hashes('second')).toEqual(hashes('first'));
  },
);

test('names the bad input: a missing file, a file that is not a video, a clip too short to loop', () => {
  writeFileSync(join(work, 'notes.mp4'), 'just some text');
  const cases: [string, RegExp][] = [
    [join(work, 'nope.mp4'), /nope\.mp4 does not exist; expected a video file/],
    [join(work, 'notes.mp4'), /notes\.mp4 is not a video/],
    [clip('short.mp4', 1.5), /short\.mp4 is 1\.5\d s long; expected at least 4 s/],
  ];
  for (const [file, message] of cases) {
    expect(media(file)).toMatchObject({ status: 1, output: expect.stringMatching(message) });
  }
});
