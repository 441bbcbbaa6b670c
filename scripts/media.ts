/**
 * npm run media -- <source video> [--out <folder>] [--crossfade <seconds>]; --help says what each does.
 *
 * Every hero file from one clip (scripts/media/pipeline.ts), into public/ unless --out names another folder.
 * --crossfade (default 1) blends the clip's end into its start so it loops; 0 for a clip that loops already.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildHeroMedia, MediaError } from './media/pipeline.ts';

const usage = 'usage: npm run media -- <source video> [--out <folder>] [--crossfade <seconds>]';
const help = `${usage}

Makes every hero video and still from one clip (docs/media-and-3d.md#the-hero-video). Each variant ships AV1, VP9
and H.264 files, or VP9 and H.264 alone where the AV1 file does not look at least as good as the VP9 one and weigh
less; the run says which. It first says what it will make and about how long (minutes), then each output as it
starts and ends.
  <source video>         the clip: at least 3 s plus the crossfade; its first 10 s are used
  --out <folder>         write the files into <folder>/videos and <folder>/images (default: public/)
  --crossfade <seconds>  blend the clip's last seconds into its first so it loops (default 1, from 0 to 3; 0 for a
                         clip that loops already)
  --help                 print this and exit`;

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      crossfade: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(help);
    process.exit(0);
  }
  if (positionals.length !== 1) {
    throw new MediaError(`Expected one source video, got ${positionals.length}.\n${usage}`);
  }
  const crossfade = Number(values.crossfade);
  if (!(crossfade >= 0 && crossfade <= 3)) {
    throw new MediaError(`--crossfade is "${values.crossfade}"; expected a number of seconds from 0 to 3.`);
  }
  await buildHeroMedia(positionals[0]!, values.out ?? join(import.meta.dirname, '../public'), crossfade);
} catch (error) {
  const badArgs = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  const known = error instanceof MediaError || badArgs;
  const message = `${(error as Error).message}${badArgs ? `\n${usage}` : ''}\n(npm run media -- --help describes every option)`;
  console.error(known ? message : error);
  process.exit(1);
}
