/**
 * The hero media pipeline: any source clip in, every hero file out (see src/lib/media.ts for names, sizes and
 * budgets). For each variant it encodes a WebM (VP9) and an H.264 MP4 with faststart, both without audio, plus
 * AVIF and WebP stills of the first frame at the widths the page uses. It writes into a temporary folder first and
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
  heroVideoSources,
  stillFormats,
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
  log?: (line: string) => void;
}

export interface WrittenFile {
  path: string;
  bytes: number;
  maxBytes?: number;
}

export async function buildHeroMedia({
  source,
  outDir,
  crossfade = 1,
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
      for (const { src, type } of heroVideoSources(variant)) {
        const file = join(work, src);
        mkdirSync(dirname(file), { recursive: true });
        const codec = type === 'video/webm' ? vp9(maxKbps) : h264(maxKbps);
        log(`Encoding ${src} (${spec.width}x${spec.height}, ${loopSeconds.toFixed(2)} s)...`);
        ffmpeg(['-i', source, '-filter_complex', filter, '-map', '[out]', '-an', ...codec, ...bitexact, file]);
        written.push({ path: src, bytes: statSync(file).size, maxBytes: spec.maxBytes });
      }
      // The stills come from the encoded MP4's first frame: exactly what shows before the video plays.
      const firstFrame = join(work, `${variant}-first.png`);
      ffmpeg(['-i', join(work, heroVideoSources(variant)[1].src), '-frames:v', '1', firstFrame]);
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
 * One thread: x264's frame threads with a bit-rate cap gave different bytes from run to run on a busy machine.
 */
const h264 = (maxKbps: number) =>
  ['-c:v', 'libx264', '-preset', 'slow', '-crf', '27', '-maxrate', `${maxKbps}k`, '-bufsize', `${maxKbps * 2}k`]
    .concat(['-profile:v', 'high', '-threads', '1', '-g', String(fps * 4), '-pix_fmt', 'yuv420p'])
    .concat(['-movflags', '+faststart', '-f', 'mp4']);

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
        `${tool} is not installed. Install Debian's ffmpeg package: \`node scripts/ensure-system-deps.mjs media\` ` +
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

/** rename() fails across file systems (the temporary folder is often on another one), so copy then. */
function move(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
