/**
 * The hero media pipeline: any source clip in, every hero file out (see src/lib/media.ts for names, sizes and
 * budgets). For each variant it encodes an AV1 MP4, a WebM (VP9) and an H.264 MP4, all with faststart where the
 * container has it and without audio, plus AVIF and WebP stills of the first frame at the widths the page uses. It
 * measures each video's quality against the master clip (SSIM, after the same framing) and refuses an AV1 file that
 * is not at least as good as the VP9 one and smaller. It writes into a temporary folder first and
 * moves the files into place only when all of them are within budget, so a failed run never leaves a mix.
 *
 * Deterministic: fixed thread counts and bit-exact muxing (no encoder version strings, random segment ids or
 * timestamps), so the same input gives the same bytes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, copyFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import {
  heroStillPath,
  heroVariants,
  av1Levels,
  heroVideoSources,
  stillFormats,
  type VideoCodec,
  type HeroVariant,
  type StillFormat,
} from '../../src/lib/media.ts';

/** Shorter clips make a jumpy loop; longer ones only cost bytes, so the pipeline uses the first `maxSeconds`. */
export const minSeconds = 3;
export const maxSeconds = 10;
const fps = 24;

export class MediaError extends Error {
  override name = 'MediaError';
}

export interface HeroMediaOptions {
  source: string;
  /** The static assets folder: files land in `videos/` and `images/` under it, as src/lib/media.ts names them. */
  outDir: string;
  /**
   * Seconds of the clip's end blended into its start so that it loops without a jump. 0 for clips that already
   * loop (like the rendered default footage).
   */
  crossfade?: number;
  /** Marks the videos as rendered from the 3D scene (`npm run footage`), which may later write over them. */
  sceneFootage?: boolean;
  log?: (line: string) => void;
}

export interface WrittenFile {
  path: string;
  bytes: number;
  maxBytes?: number;
  /** Videos: structural similarity to the master clip, framed as the variant (1 is identical). */
  ssim?: number;
}

export async function buildHeroMedia({
  source,
  outDir,
  crossfade = 1,
  sceneFootage = false,
  log = () => {},
}: HeroMediaOptions): Promise<WrittenFile[]> {
  requireFfmpeg();
  const seconds = Math.min(probeDuration(source), maxSeconds);
  if (seconds < minSeconds + crossfade) {
    throw new MediaError(
      `${source} is ${seconds.toFixed(2)} s long; expected at least ${minSeconds + crossfade} s ` +
        `(${minSeconds} s of loop${crossfade ? ` plus the ${crossfade} s crossfade` : ''}).`,
    );
  }
  const loopSeconds = seconds - crossfade;
  const work = mkdtempSync(join(tmpdir(), 'tablemates-media-'));
  try {
    const written: WrittenFile[] = [];
    for (const variant of Object.keys(heroVariants) as HeroVariant[]) {
      const spec = heroVariants[variant];
      // The budget spread over the loop, with a margin for container overhead and rate-control overshoot.
      const maxKbps = Math.floor(((spec.maxBytes * 8) / loopSeconds / 1000) * 0.8);
      const filter = loopFilter(seconds, crossfade, spec.width, spec.height);
      const videos: Partial<Record<VideoCodec, WrittenFile>> = {};
      for (const { src, codec } of heroVideoSources(variant)) {
        const file = join(work, src);
        mkdirSync(dirname(file), { recursive: true });
        log(`Encoding ${src} (${spec.width}x${spec.height}, ${loopSeconds.toFixed(2)} s)...`);
        ffmpeg([
          '-i',
          source,
          '-filter_complex',
          filter,
          '-map',
          '[out]',
          '-an',
          ...encoders[codec](maxKbps),
          ...bitexact,
          ...(sceneFootage ? ['-metadata', `comment=${sceneFootageMark}`] : []),
          file,
        ]);
        if (codec === 'av1') checkAv1Level(file, av1Levels[variant]);
        const ssim = measureSsim(source, filter, file);
        log(`  ${src}: ${kb(statSync(file).size)}, SSIM ${ssim.toFixed(4)} against the master`);
        videos[codec] = { path: src, bytes: statSync(file).size, maxBytes: spec.maxBytes, ssim };
        written.push(videos[codec]);
      }
      const worse = videos.av1 && videos.vp9 && av1Problem(videos.av1, videos.vp9);
      if (worse) throw new MediaError(`${worse}; nothing written.`);
      // The stills come from the encoded H.264 MP4's first frame: exactly what shows before the video plays.
      const firstFrame = join(work, `${variant}-first.png`);
      const h264File = heroVideoSources(variant).find((video) => video.codec === 'h264')!.src;
      ffmpeg(['-i', join(work, h264File), '-frames:v', '1', firstFrame]);
      for (const width of spec.stillWidths) {
        for (const format of stillFormats) {
          const path = heroStillPath(variant, width, format);
          mkdirSync(dirname(join(work, path)), { recursive: true });
          await encodeStill(firstFrame, width, format, join(work, path));
          written.push({ path, bytes: statSync(join(work, path)).size });
        }
      }
    }

    const over = written.filter((file) => file.maxBytes !== undefined && file.bytes > file.maxBytes);
    if (over.length) {
      throw new MediaError(
        `Over budget, nothing written:\n${over
          .map((file) => `  - ${file.path} is ${kb(file.bytes)}; expected at most ${kb(file.maxBytes!)}`)
          .join('\n')}\nUse a calmer or shorter clip (less motion and detail encode smaller).`,
      );
    }
    for (const file of written) {
      const target = join(outDir, file.path);
      mkdirSync(dirname(target), { recursive: true });
      move(join(work, file.path), target);
    }
    return written;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Picks the loop out of the clip and frames it: scales to cover the variant's size and crops the middle (the small
 * variant is a portrait crop of a landscape clip). With a crossfade, the loop starts `crossfade` seconds in and its
 * last `crossfade` seconds blend into the clip's first ones, so the last frame leads into the first.
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

/** VP9 in constrained quality: the quality target, never above the budget's bit rate. */
const vp9 = (maxKbps: number) =>
  ['-c:v', 'libvpx-vp9', '-crf', '38', '-b:v', `${maxKbps}k`, '-deadline', 'good', '-cpu-used', '2']
    .concat(['-row-mt', '1', '-threads', '2', '-tile-columns', '1', '-g', String(fps * 4)])
    .concat(['-pix_fmt', 'yuv420p', '-f', 'webm']);

/**
 * H.264 High profile for every browser without VP9; faststart puts the index first so playback starts at once.
 * One thread: x264's frame threads with a bit-rate cap do not give the same bytes on every run.
 */
const h264 = (maxKbps: number) =>
  ['-c:v', 'libx264', '-preset', 'slow', '-crf', '27', '-maxrate', `${maxKbps}k`, '-bufsize', `${maxKbps * 2}k`]
    .concat(['-profile:v', 'high', '-threads', '1', '-g', String(fps * 4), '-pix_fmt', 'yuv420p'])
    .concat(['-movflags', '+faststart', '-f', 'mp4']);

/**
 * AV1 (SVT-AV1, Debian's ffmpeg) in the MP4 container, which every AV1 browser plays, Safari included. CRF 52 at
 * preset 6 keeps soft, dark footage at least as good as the VP9 file and smaller, which the pipeline checks on every
 * run. One logical processor (`lp=1`): the same input gives the same bytes.
 */
const av1 = () =>
  ['-c:v', 'libsvtav1', '-crf', '52', '-preset', '6', '-g', String(fps * 4), '-svtav1-params', 'lp=1'].concat([
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ]);

const encoders: Record<VideoCodec, (maxKbps: number) => string[]> = { av1, vp9, h264 };

/**
 * Why the AV1 file is not worth listing first (undefined when it is): it must look at least as good as the VP9 file
 * against the master and weigh less.
 */
export function av1Problem(av1: WrittenFile, vp9: WrittenFile): string | undefined {
  if (av1.ssim === undefined || vp9.ssim === undefined) return `${av1.path} or ${vp9.path} has no SSIM measured`;
  if (av1.ssim >= vp9.ssim && av1.bytes < vp9.bytes) return undefined;
  return (
    `${av1.path} (SSIM ${av1.ssim.toFixed(4)}, ${kb(av1.bytes)}) is not at least as good as ${vp9.path} ` +
    `(SSIM ${vp9.ssim.toFixed(4)}, ${kb(vp9.bytes)}) and smaller: lower the AV1 -crf in scripts/media/pipeline.ts`
  );
}

/** The encoded stream's AV1 level must be the one the page's `codecs` string announces (src/lib/media.ts). */
function checkAv1Level(file: string, expected: string) {
  const probe = spawnSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=level'].concat(['-of', 'csv=p=0', file]),
    { encoding: 'utf8' },
  );
  const level = probe.stdout.trim().padStart(2, '0');
  if (level !== expected) {
    throw new MediaError(
      `${basename(file)} was encoded at AV1 level ${level}; src/lib/media.ts announces ${expected} in its codecs ` +
        `string (av1Levels): update it to the level of the new size.`,
    );
  }
}

/**
 * SSIM of an encoded file against the master clip framed by the same filter (trim, scale, crop, loop), averaged
 * over every frame and plane, as ffmpeg's ssim filter reports it ("All:").
 */
export function measureSsim(source: string, filter: string, encoded: string): number {
  const run = spawnSync(
    'ffmpeg',
    ['-nostdin', '-v', 'info', '-i', source, '-i', encoded, '-filter_complex'].concat([
      `${filter};[1:v]setpts=PTS-STARTPTS,format=yuv420p[enc];[enc][out]ssim`,
      '-f',
      'null',
      '-',
    ]),
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const all = /SSIM .*All:([\d.]+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !all) {
    throw new MediaError(
      `ffmpeg could not measure the SSIM of ${basename(encoded)}: ${run.stderr?.trim().slice(-500)}`,
    );
  }
  return Number(all[1]);
}

/**
 * The comment tag of hero videos rendered from the 3D scene. Videos without it are the owner's own (made with
 * `npm run media`), which `npm run footage` never writes over.
 */
export const sceneFootageMark = 'Rendered from the 3D scene by npm run footage';

/** The hero videos under `publicDir` that are not marked as rendered from the scene: the owner's footage. */
export function ownerHeroVideos(publicDir: string): string[] {
  requireFfmpeg();
  return (Object.keys(heroVariants) as HeroVariant[])
    .flatMap((variant) => heroVideoSources(variant).map((video) => join(publicDir, video.src)))
    .filter((file) => existsSync(file) && videoComment(file) !== sceneFootageMark);
}

function videoComment(file: string): string | undefined {
  const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file], {
    encoding: 'utf8',
  });
  const tags = (JSON.parse(probe.stdout || '{}') as { format?: { tags?: Record<string, string> } }).format?.tags ?? {};
  // MP4 names the tag `comment`, WebM `COMMENT`.
  return Object.entries(tags).find(([name]) => name.toLowerCase() === 'comment')?.[1];
}

/** No timestamps, encoder version strings or random ids in the files: same input, same bytes. */
const bitexact = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1', '-map_chapters', '-1'];

async function encodeStill(frame: string, width: number, format: StillFormat, target: string) {
  const image = sharp(frame).resize({ width });
  await (format === 'avif' ? image.avif({ quality: 50, effort: 6 }) : image.webp({ quality: 75, effort: 6 })).toFile(
    target,
  );
}

export function requireFfmpeg() {
  for (const tool of ['ffmpeg', 'ffprobe']) {
    if (spawnSync(tool, ['-version']).status !== 0) {
      throw new MediaError(
        `${tool} is not installed. Install Debian's ffmpeg package: \`node scripts/ensure-system-deps.ts media\` ` +
          `(as root; the first step of \`npm run media\` does) or \`sudo apt-get install -y ffmpeg\`.`,
      );
    }
  }
}

/** The clip's duration in seconds; throws a MediaError naming the file when it is missing or not a video. */
export function probeDuration(source: string): number {
  if (!existsSync(source)) throw new MediaError(`${source} does not exist; expected a video file, like footage.mp4.`);
  if (!statSync(source).isFile()) throw new MediaError(`${source} is not a file; expected a video file.`);
  const probe = spawnSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_type,duration:format=duration,format_name',
    ].concat(['-of', 'json', source]),
    { encoding: 'utf8' },
  );
  const info = probe.status === 0 ? (JSON.parse(probe.stdout) as ProbeInfo) : undefined;
  const stream = info?.streams?.find((candidate) => candidate.codec_type === 'video');
  // Still images have a video stream too, but a single frame and no duration worth looping.
  if (!stream || /image2|png_pipe|jpeg_pipe|webp_pipe|gif/.test(info?.format?.format_name ?? '')) {
    const found = info?.format?.format_name ? `a ${info.format.format_name} file` : 'no readable media';
    throw new MediaError(`${source} is not a video (ffprobe found ${found}); expected a clip like footage.mp4.`);
  }
  const seconds = Number(stream.duration ?? info?.format?.duration);
  if (!Number.isFinite(seconds))
    throw new MediaError(`${source} has no duration ffprobe can read; expected a video clip.`);
  return seconds;
}

interface ProbeInfo {
  streams?: { codec_type?: string; duration?: string }[];
  format?: { duration?: string; format_name?: string };
}

function ffmpeg(args: string[]) {
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new MediaError(`ffmpeg failed on ${basename(args[args.length - 1])}: ${stderr || String(error)}`);
  }
}

/** renameSync() fails across file systems (the temporary folder is often on another one), so copy then. */
function move(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
