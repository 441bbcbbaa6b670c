/**
 * The hero videos a build ships. `npm run media` writes a variant's AV1 file only where it beats the VP9 one
 * (scripts/media/pipeline.ts), so the page lists the sources of heroVideoSources whose file is there, best first, and
 * never one the host would answer with a 404.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { heroVariants, heroVideoSources, type HeroVariant } from './media.ts';

export type HeroSource = { src: string; type: string };

export class HeroMediaError extends Error {
  override name = 'HeroMediaError';
}

/**
 * Each variant's video sources whose file is in `publicDir`, best first. An AV1 file is listed only when it is smaller
 * than the VP9 one: size-limit's budget of the VP9 file then holds for it too, and the browsers that pick it never get
 * more bytes than the others. A variant without its VP9 or H.264 file stops the build, naming the file.
 */
export function shippedHeroSources(publicDir = join(process.cwd(), 'public')): Record<HeroVariant, HeroSource[]> {
  const variants = Object.keys(heroVariants) as HeroVariant[];
  return Object.fromEntries(
    variants.map((variant) => {
      const sources = heroVideoSources(variant);
      const file = (codec: string) => join(publicDir, sources.find((each) => each.codec === codec)!.src);
      for (const codec of ['vp9', 'h264']) {
        if (!existsSync(file(codec)))
          throw new HeroMediaError(
            `${file(codec)} is missing; expected every hero video but the AV1 ones: npm run media -- <your clip> writes them.`,
          );
      }
      const [av1, vp9] = [file('av1'), file('vp9')];
      if (existsSync(av1) && statSync(av1).size >= statSync(vp9).size) {
        throw new HeroMediaError(
          `${av1} (${statSync(av1).size} bytes) is not smaller than ${vp9} (${statSync(vp9).size} bytes); expected ` +
            'an AV1 file only where it beats the VP9 one: npm run media -- <your clip> writes one only then.',
        );
      }
      const shipped = sources.filter(({ src }) => existsSync(join(publicDir, src)));
      return [variant, shipped.map(({ src, type }) => ({ src, type }))];
    }),
  ) as Record<HeroVariant, HeroSource[]>;
}
