/**
 * Turns a source clip into every hero file the landing page uses (see scripts/media/pipeline.ts):
 *
 *   npm run media -- <source video> [--out <folder>] [--crossfade <seconds>]
 *
 * --out defaults to public/; --crossfade (default 1) blends the clip's end into its start for a seamless loop; use 0
 * for a clip that already loops. Exits non-zero with a message naming the problem on bad input or a blown budget.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildHeroMedia, kb, MediaError } from './media/pipeline.ts';

const usage = 'Usage: npm run media -- <source video> [--out <folder>] [--crossfade <seconds>]';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, crossfade: { type: 'string', default: '1' } },
  });
  if (positionals.length !== 1) throw new MediaError(`Expected one source video, got ${positionals.length}.\n${usage}`);
  const crossfade = Number(values.crossfade);
  if (!Number.isFinite(crossfade) || crossfade < 0 || crossfade > 3) {
    throw new MediaError(`--crossfade is "${values.crossfade}"; expected a number of seconds from 0 to 3.`);
  }
  const outDir = values.out ?? fileURLToPath(new URL('../public', import.meta.url));
  const written = await buildHeroMedia({ source: positionals[0], outDir, crossfade, log: console.log });
  for (const file of written) {
    console.log(
      `  ${file.path.padEnd(34)} ${kb(file.bytes).padStart(10)}${file.maxBytes ? `  (budget ${kb(file.maxBytes)})` : ''}` +
        (file.ssim === undefined ? '' : `  SSIM ${file.ssim.toFixed(4)}`),
    );
  }
  console.log(`Wrote ${written.length} files into ${outDir}.`);
} catch (error) {
  console.error(
    error instanceof MediaError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? (error as Error).message
      : error,
  );
  process.exit(1);
}
