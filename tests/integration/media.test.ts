/** `npm run media` (scripts/media.ts) on clips made on the spot from ffmpeg's test sources. */
import { execFileSync, spawnSync } from 'node:child_process';
import { hash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { systemPackagesProblem } from '../../scripts/ensure-system-deps.ts';
import { heroStillPath, heroVariants, heroVideoSources, stillFormats, type HeroVariant } from '../../src/lib/media.ts';
import { shippedHeroSources } from '../../src/lib/media.node.ts';

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

// Clips on which VP9 beats AV1 by the pipeline's rule, at every variant (an owner's clip once failed there): sharp synthetic edges and
// smooth gradients. `testsrc` is made exactly as docs/media-and-3d.md's example clip is.
for (const pattern of ['testsrc', 'gradients']) {
  test(
    `ships a ${pattern} clip whichever codec wins: no AV1 file where it loses, saying so, and the page lists what is there`,
    { timeout: 900_000 },
    () => {
      const source = join(work, `${pattern}.mp4`);
      const lavfi = `${pattern}=size=1280x720:rate=24:duration=5`;
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', lavfi, source]);
      // An earlier clip's AV1 files, which must not stay listed beside this clip's other files.
      const out = join(work, `${pattern}-out`);
      mkdirSync(join(out, 'videos'), { recursive: true });
      for (const variant of variants)
        writeFileSync(join(out, heroVideoSources(variant)[0]!.src), 'an earlier AV1 file');
      const { status, output } = media(source, '--out', out);
      expect(status, output).toBe(0);
      expect(output).not.toMatch(/pipeline\.ts|-crf|nothing written/);
      const shipped = shippedHeroSources(out);
      for (const variant of variants) {
        const [av1, vp9, h264] = heroVideoSources(variant).map(({ src }) => src);
        const choice = new RegExp(
          `^hero-${variant}: ships (AV1, VP9 and H\\.264|VP9 and H\\.264, no AV1 file: .+ is not at least as good as .+ and smaller)\\.$`,
          'm',
        );
        expect(output).toMatch(choice);
        const withAv1 = output.match(choice)![1]!.startsWith('AV1');
        expect(existsSync(join(out, av1!)), av1).toBe(withAv1);
        expect(shipped[variant].map(({ src }) => src)).toEqual(withAv1 ? [av1, vp9, h264] : [vp9, h264]);
      }
      expect(output).toMatch(/ships VP9 and H\.264, no AV1 file/);
      expect(output).toMatch(/Removed \/videos\/hero-\w+\.av1\.mp4, an AV1 file from an earlier clip\./);
    },
  );
}
