/**
 * npm run media -- <source video> [--out <folder>] [--crossfade <seconds>]
 *
 * Every hero file from one clip (scripts/media/pipeline.ts), into public/ unless --out names another folder.
 * --crossfade (default 1) blends the clip's end into its start so it loops; 0 for a clip that loops already.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildHeroMedia, MediaError } from './media/pipeline.ts';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, crossfade: { type: 'string', default: '1' } },
  });
  if (positionals.length !== 1) {
    throw new MediaError(
      `Expected one source video, got ${positionals.length}.\n` +
        'Usage: npm run media -- <source video> [--out <folder>] [--crossfade <seconds>]',
    );
  }
  const crossfade = Number(values.crossfade);
  if (!(crossfade >= 0 && crossfade <= 3)) {
    throw new MediaError(`--crossfade is "${values.crossfade}"; expected a number of seconds from 0 to 3.`);
  }
  await buildHeroMedia(positionals[0]!, values.out ?? join(import.meta.dirname, '../public'), crossfade);
} catch (error) {
  const known = error instanceof MediaError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}
