/**
 * The hero media pipeline: one source clip in, every hero file src/lib/media.ts names out. Per variant an AV1 MP4, a
 * VP9 WebM and an H.264 MP4 (no audio, index first), and AVIF and WebP stills of the first frame. The AV1 file ships
 * only where it looks at least as good as the VP9 one against the master (SSIM) and weighs less; elsewhere the variant
 * ships VP9 and H.264 alone, and the page lists only the files there are (src/lib/media.node.ts). Files land in a
 * temporary folder first, so a refused run writes nothing. Fixed thread counts and bit-exact muxing: the same input
 * gives the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import {
  av1Levels,
  heroStillPath,
  heroVariants,
  heroVideoSources,
  stillFormats,
  type HeroVariant,
  type VideoCodec,
} from '../../src/lib/media.ts';

/** Shorter clips make a jumpy loop; longer ones only cost bytes, so the pipeline uses the first `maxSeconds`. */
const minSeconds = 3;
const maxSeconds = 10;
const fps = 24;
const variants = Object.keys(heroVariants) as HeroVariant[];

export class MediaError extends Error {}

/** The comment tag of hero videos rendered from the 3D scene; the owner's own (from `npm run media`) have none. */
export const sceneFootageMark = 'Rendered from the 3D scene by npm run footage';

/**
 * Writes every hero file from `source` into `outDir` (the static assets folder). `crossfade` seconds of the clip's end
 * blend into its start so it loops (0 for a clip that loops already); `sceneFootage` marks the videos as the scene's.
 */
export async function buildHeroMedia(source: string, outDir: string, crossfade = 1, sceneFootage = false) {
  const seconds = Math.min(probeDuration(source), maxSeconds);
  if (seconds < minSeconds + crossfade) {
    throw new MediaError(
      `${source} is ${seconds.toFixed(2)} s long; expected at least ${minSeconds + crossfade} s ` +
        `(${minSeconds} s of loop${crossfade ? ` plus the ${crossfade} s crossfade` : ''}).`,
    );
  }
  const plan = mediaPlan(seconds - crossfade);
  console.log(planSummary(plan, seconds - crossfade, availableParallelism()));
  const started = performance.now();
  let step = 0;
  /** Runs one output of the plan between a line as it starts and one as it ends, with the time so far. */
  const output = async <T>(make: () => T | Promise<T>, done: (result: T) => string) => {
    const { name, what, estimate } = plan[step++]!;
    const at = `[${step}/${plan.length}] ${name}`;
    console.log(`${at}: ${what}, ${roughly(estimate)} (${duration(elapsed(started))} elapsed)`);
    const begun = performance.now();
    const result = await make();
    console.log(`${at}: ${done(result)}; took ${duration(elapsed(begun))} (${duration(elapsed(started))} elapsed)`);
    return result;
  };
  const work = mkdtempSync(join(tmpdir(), 'tablemates-media-'));
  const out = join(work, 'out');
  try {
    mkdirSync(join(out, 'videos'), { recursive: true });
    mkdirSync(join(out, 'images'));
    let written = 0;
    /** AV1 files this clip does not ship: the page must not list one left from an earlier clip. */
    const dropped: string[] = [];
    for (const variant of variants) {
      const { width, height, maxBytes, stillWidths } = heroVariants[variant];
      // The budget spread over the loop, with a margin for container overhead and rate-control overshoot.
      const maxKbps = Math.floor(((maxBytes * 8) / (seconds - crossfade) / 1000) * 0.8);
      const filter = loopFilter(seconds, crossfade, width, height);
      const encoded: Partial<Record<VideoCodec, Encoded>> = {};
      for (const { src, codec } of heroVideoSources(variant)) {
        const file = join(out, src);
        const mark = sceneFootage ? ['-metadata', `comment=${sceneFootageMark}`] : [];
        const encode = ['-filter_complex', filter, '-map', '[out]', '-an', ...encoder(codec, maxKbps), ...bitexact];
        encoded[codec] = await output(
          () => {
            ffmpeg(['-i', source, ...encode, ...mark, file]);
            if (codec === 'av1') checkAv1Level(file, av1Levels[variant]);
            return { path: src, bytes: statSync(file).size, ssim: measureSsim(source, filter, file) };
          },
          ({ bytes, ssim }) => `${kb(bytes)}, SSIM ${ssim.toFixed(4)} against the master`,
        );
        written++;
      }
      // AV1 is listed first, so an AV1 browser gets it instead of VP9: it ships only where that is no loss. Where it is,
      // the variant ships without it (an AV1 file left from an earlier clip goes too) and those browsers get VP9.
      const worse = av1Problem(encoded.av1!, encoded.vp9!);
      if (worse) {
        rmSync(join(out, encoded.av1!.path));
        dropped.push(encoded.av1!.path);
        written--;
      }
      console.log(
        worse
          ? `hero-${variant}: ships VP9 and H.264, no AV1 file: ${worse}.`
          : `hero-${variant}: ships AV1, VP9 and H.264: the AV1 file looks at least as good as the VP9 one and is smaller.`,
      );
      // The stills are the H.264 file's first frame: exactly what shows before the video plays.
      const frame = join(work, `${variant}.png`);
      await output(
        async () => {
          ffmpeg(['-i', join(out, encoded.h264!.path), '-frames:v', '1', frame]);
          for (const width of stillWidths) {
            for (const format of stillFormats) {
              const still = sharp(frame).resize({ width })[format]({ quality: stillQuality[format], effort: 6 });
              await still.toFile(join(out, heroStillPath(variant, width, format)));
              written++;
            }
          }
        },
        () => `${stillWidths.length * stillFormats.length} files`,
      );
    }
    cpSync(out, outDir, { recursive: true });
    for (const path of dropped.filter((each) => existsSync(join(outDir, each)))) {
      rmSync(join(outDir, path));
      console.log(`Removed ${path}, an AV1 file from an earlier clip.`);
    }
    console.log(`Wrote ${written} files into ${outDir}.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const codecNames: Record<VideoCodec, string> = { av1: 'AV1', vp9: 'VP9', h264: 'H.264' };

/**
 * Seconds each output took per second of loop (SSIM included) on 2 busy cores, from a grainy 1080p camera-like clip;
 * smooth footage took half. The encoders use at most 2 threads (the same bytes each run): more cores do not help.
 */
const secondsPerLoopSecond: Record<HeroVariant, Record<VideoCodec, number>> = {
  large: { av1: 10, vp9: 9, h264: 7 },
  small: { av1: 8, vp9: 6, h264: 5 },
};
const stillsSeconds: Record<HeroVariant, number> = { large: 35, small: 10 };

export type PlannedOutput = { name: string; what: string; estimate: number; kind: 'video' | 'stills'; files: number };

/** Every output of a run on a loop of `loopSeconds`, in the order the run makes them, each with its estimated seconds. */
export function mediaPlan(loopSeconds: number): PlannedOutput[] {
  return variants.flatMap((variant) => {
    const { width, height, stillWidths } = heroVariants[variant];
    const videos = heroVideoSources(variant).map(({ src, codec }) => ({
      name: src,
      what: `${codecNames[codec]} at ${width}x${height}`,
      estimate: secondsPerLoopSecond[variant][codec] * loopSeconds,
      kind: 'video' as const,
      files: 1,
    }));
    const widths = stillWidths.join(', ');
    const stills = {
      name: `/images/hero-${variant}-*`,
      what: `the first frame as AVIF and WebP stills, ${widths} px wide`,
      estimate: stillsSeconds[variant],
      kind: 'stills' as const,
      files: stillWidths.length * stillFormats.length,
    };
    return [...videos, stills];
  });
}

/** The line printed before a run: what it makes and roughly how long it takes. */
export function planSummary(plan: PlannedOutput[], loopSeconds: number, cores: number): string {
  const count = (kind: PlannedOutput['kind']) =>
    plan.filter((each) => each.kind === kind).reduce((sum, each) => sum + each.files, 0);
  const total = plan.reduce((sum, each) => sum + each.estimate, 0);
  const fewer = cores < 2 ? `; this machine has ${cores}, so expect longer` : '';
  return (
    `Encoding ${count('video')} videos and ${count('stills')} stills from a ${loopSeconds.toFixed(1)} s loop: ` +
    `${roughly(total)} on 2 cores for camera footage (smooth footage takes about half)${fewer}. ` +
    'A line says when each output starts and what it took.'
  );
}

const elapsed = (since: number) => (performance.now() - since) / 1000;

/** A time taken: `45 s`, `3 min 05 s`. */
const duration = (seconds: number) => {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${`${whole % 60}`.padStart(2, '0')} s`;
};

/** An estimate, no more precise than it is: `about 20 s`, `about 8 minutes`. */
const roughly = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} s`;
  return `about ${minutes} minute${minutes > 1 ? 's' : ''}`;
};

/**
 * Frames the loop: scales to cover the variant's size and crops the middle (the small variant is a portrait crop).
 * With a crossfade the loop starts `crossfade` seconds in and its last seconds blend into the clip's first ones.
 */
function loopFilter(seconds: number, crossfade: number, width: number, height: number) {
  const frame = `fps=${fps},scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},setsar=1,format=yuv420p`;
  if (!crossfade) return `[0:v]trim=0:${seconds},setpts=PTS-STARTPTS,${frame}[out]`;
  return [
    `[0:v]${frame},split[a][b]`,
    `[a]trim=${crossfade}:${seconds},setpts=PTS-STARTPTS[body]`,
    `[b]trim=0:${crossfade},setpts=PTS-STARTPTS[head]`,
    `[body][head]xfade=transition=fade:duration=${crossfade}:offset=${seconds - 2 * crossfade}[out]`,
  ].join(';');
}

/** Each codec's settings; the bit rate cap is the budget spread over the loop. */
const encoder = (codec: VideoCodec, kbps: number) =>
  ({
    // SVT-AV1 in MP4, which every AV1 browser plays (Safari too); one logical processor gives the same bytes each run.
    av1: `-c:v libsvtav1 -crf 52 -preset 6 -g ${fps * 4} -svtav1-params lp=1 -pix_fmt yuv420p -movflags +faststart -f mp4`,
    // Constrained quality: the quality target, never above the cap.
    vp9: `-c:v libvpx-vp9 -crf 38 -b:v ${kbps}k -deadline good -cpu-used 2 -row-mt 1 -threads 2 -tile-columns 1 -g ${fps * 4} -pix_fmt yuv420p -f webm`,
    // For browsers without VP9. One thread: x264's frame threads with a bit-rate cap vary the bytes from run to run.
    h264: `-c:v libx264 -preset slow -crf 27 -maxrate ${kbps}k -bufsize ${kbps * 2}k -profile:v high -threads 1 -g ${fps * 4} -pix_fmt yuv420p -movflags +faststart -f mp4`,
  })[codec].split(' ');

const stillQuality = { avif: 50, webp: 75 };

/** No timestamps, encoder version strings or random ids in the files: same input, same bytes. */
const bitexact = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1', '-map_chapters', '-1'];

/** `ssim`: structural similarity to the master clip framed as the variant (1 is identical). */
type Encoded = { path: string; bytes: number; ssim: number };

/** Why the AV1 file is not worth listing first (undefined when it is): it must look at least as good as VP9 and weigh less. */
export function av1Problem(av1: Encoded, vp9: Encoded): string | undefined {
  if (av1.ssim >= vp9.ssim && av1.bytes < vp9.bytes) return undefined;
  return (
    `${av1.path} (SSIM ${av1.ssim.toFixed(4)}, ${kb(av1.bytes)}) is not at least as good as ${vp9.path} ` +
    `(SSIM ${vp9.ssim.toFixed(4)}, ${kb(vp9.bytes)}) and smaller`
  );
}

/** The stream's AV1 level must be the one the page's `codecs` string announces. */
function checkAv1Level(file: string, expected: string) {
  const level = ffprobe(file, '-select_streams', 'v:0', '-show_entries', 'stream=level', '-of', 'csv=p=0');
  if (level.trim().padStart(2, '0') !== expected) {
    throw new MediaError(
      `${basename(file)} was encoded at AV1 level ${level.trim()}; src/lib/media.ts announces ${expected} in its ` +
        'codecs string (av1Levels): update it to the level of the new size.',
    );
  }
}

/** SSIM of an encoded file against the master framed by the same filter, over every frame and plane ("All:"). */
function measureSsim(source: string, filter: string, encoded: string): number {
  const ssim = `${filter};[1:v]setpts=PTS-STARTPTS,format=yuv420p[enc];[enc][out]ssim`;
  const all = /SSIM .*All:([\d.]+)/.exec(
    ffmpeg(['-i', source, '-i', encoded, '-filter_complex', ssim, '-f', 'null', '-'], 'info'),
  );
  if (!all) throw new MediaError(`ffmpeg reported no SSIM for ${basename(encoded)}.`);
  return Number(all[1]);
}

/** The hero videos under `publicDir` without the scene's mark: the owner's own footage. */
export function ownerHeroVideos(publicDir: string): string[] {
  return variants
    .flatMap((variant) => heroVideoSources(variant).map(({ src }) => join(publicDir, src)))
    .filter((file) => existsSync(file) && !ffprobe(file, '-show_entries', 'format_tags').includes(sceneFootageMark));
}

/** The clip's duration in seconds; a MediaError naming the file when it is missing or not a video. */
function probeDuration(source: string): number {
  if (!existsSync(source)) throw new MediaError(`${source} does not exist; expected a video file, like footage.mp4.`);
  const entries = 'stream=codec_type,duration:format=duration,format_name';
  const probe = ffprobe(source, '-select_streams', 'v:0', '-show_entries', entries, '-of', 'json');
  const { streams, format } = JSON.parse(probe || '{}') as {
    streams?: { codec_type?: string; duration?: string }[];
    format?: { duration?: string; format_name?: string };
  };
  const stream = streams?.find((candidate) => candidate.codec_type === 'video');
  // Still images have a video stream too, but a single frame and no duration worth looping.
  if (!stream || /image2|png_pipe|jpeg_pipe|webp_pipe|gif/.test(format?.format_name ?? '')) {
    const found = format?.format_name ? `a ${format.format_name} file` : 'no readable media';
    throw new MediaError(`${source} is not a video (ffprobe found ${found}); expected a clip like footage.mp4.`);
  }
  const seconds = Number(stream.duration ?? format?.duration);
  if (!Number.isFinite(seconds))
    throw new MediaError(`${source} has no duration ffprobe can read; expected a video clip.`);
  return seconds;
}

const ffprobe = (file: string, ...args: string[]) =>
  spawnSync('ffprobe', ['-v', 'error', ...args, file], { encoding: 'utf8' }).stdout ?? '';

/** Runs ffmpeg and returns what it logged; a MediaError with ffmpeg's own words when it fails. */
function ffmpeg(args: string[], verbosity = 'error') {
  const run = spawnSync('ffmpeg', ['-v', verbosity, '-y', '-nostdin', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0)
    throw new MediaError(`ffmpeg failed on ${basename(args.at(-1)!)}: ${run.stderr?.trim() || run.error}`);
  return run.stderr;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
