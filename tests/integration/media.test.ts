import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { systemPackagesProblem } from '../../scripts/ensure-system-deps.ts';
import { heroStillPath, heroVariants, heroVideoSources, stillFormats, type HeroVariant } from '../../src/lib/media.ts';

const node = 'node_modules/.bin/node';
const work = mkdtempSync(join(tmpdir(), 'media-test-'));

/** Runs `npm run media -- ...args` (the same script, without npm's banner) and returns its exit code and output. */
function media(...args: string[]) {
  const run = spawnSync(node, ['scripts/media.ts', ...args], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A short clip made on the spot: ffmpeg's moving test pattern, with a tone so the pipeline must drop the audio. */
function makeClip(name: string, seconds: number) {
  const file = join(work, name);
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=24:duration=${seconds}`].concat([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-shortest',
      file,
    ]),
  );
  return file;
}

function streams(file: string) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  return (
    JSON.parse(out.toString()) as {
      streams: { codec_type: string; codec_name: string; width: number; height: number }[];
    }
  ).streams;
}

const expectedFiles = (Object.keys(heroVariants) as HeroVariant[]).flatMap((variant) => [
  ...heroVideoSources(variant).map((source) => source.src),
  ...heroVariants[variant].stillWidths.flatMap((width) =>
    stillFormats.map((format) => heroStillPath(variant, width, format)),
  ),
]);

// Tests install nothing: without ffmpeg this stops here, naming the command that installs it.
beforeAll(() => {
  const problem = systemPackagesProblem('media');
  if (problem) throw new Error(problem);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run media', () => {
  test(
    'turns a short clip into every hero file, within budget, without audio, the same bytes every time',
    { timeout: 900_000 },
    () => {
      const clip = makeClip('clip.mp4', 4);
      const first = join(work, 'first');
      const run = media(clip, '--out', first);
      expect(run.output).toContain('Wrote 18 files');
      expect(run.status).toBe(0);

      for (const variant of Object.keys(heroVariants) as HeroVariant[]) {
        const { width, height, maxBytes } = heroVariants[variant];
        for (const { src, type, codec } of heroVideoSources(variant)) {
          const file = join(first, src);
          expect(statSync(file).size, src).toBeLessThanOrEqual(maxBytes);
          const found = streams(file);
          expect(found, src).toEqual([{ codec_type: 'video', codec_name: codec, width, height }]);
          // faststart: the MP4's index (moov) comes before its media data (mdat).
          if (type.startsWith('video/mp4')) {
            const head = readFileSync(file).subarray(0, 4096).toString('latin1');
            expect(head.indexOf('moov'), src).toBeGreaterThan(-1);
            expect(head.indexOf('mdat') === -1 || head.indexOf('moov') < head.indexOf('mdat'), src).toBe(true);
          }
        }
      }
      for (const path of expectedFiles) expect(statSync(join(first, path)).size, path).toBeGreaterThan(0);

      const second = join(work, 'second');
      expect(media(clip, '--out', second).status).toBe(0);
      const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
      for (const path of expectedFiles) expect(hash(join(second, path)), path).toBe(hash(join(first, path)));
    },
  );

  test('says which file is missing', () => {
    const run = media(join(work, 'nope.mp4'));
    expect(run.status).toBe(1);
    expect(run.output).toContain(`${join(work, 'nope.mp4')} does not exist; expected a video file`);
  });

  test('refuses a file that is not a video', () => {
    const notes = join(work, 'notes.mp4');
    writeFileSync(notes, 'just some text');
    const run = media(notes);
    expect(run.status).toBe(1);
    expect(run.output).toContain(`${notes} is not a video`);
  });

  test('refuses a clip too short to loop', () => {
    const clip = makeClip('short.mp4', 1.5);
    const run = media(clip);
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/short\.mp4 is 1\.5\d s long; expected at least 4 s/);
  });

  test('refuses a bad crossfade value', () => {
    const run = media(makeClip('ok.mp4', 4), '--crossfade', 'lots');
    expect(run.status).toBe(1);
    expect(run.output).toContain('--crossfade is "lots"; expected a number of seconds from 0 to 3.');
  });
});
