import { heroStillPath, heroVariants, stillFormats, type HeroVariant } from '../lib/media.ts';
import { largeHeroQuery } from './useHeroVariant.ts';

const srcset = (variant: HeroVariant, format: (typeof stillFormats)[number]) =>
  heroVariants[variant].stillWidths.map((width) => `${heroStillPath(variant, width, format)} ${width}w`).join(', ');

/**
 * The width the still is drawn at: it covers the hero (object-fit: cover), so on a screen taller than the still's
 * aspect it is wider than the viewport. Picking by that width keeps it from being upscaled, which would blur it and
 * make the video's first frame a later, larger paint than the still. Said with a media condition, not `max()`:
 * WebKit ignores `max()` in `sizes` and falls back to 100vw (a 1440 px still for a 1515 px box at 1440x900).
 */
const sizes = (variant: HeroVariant) => {
  const { width, height } = heroVariants[variant];
  return `(min-aspect-ratio: ${width}/${height}) 100vw, ${+((width / height) * 100).toFixed(2)}vh`;
};

/**
 * The first frame of the hero video as a responsive image: what the visitor sees (and the page's largest paint)
 * until the video plays, and all a visitor without JavaScript or with reduced motion needs.
 */
export default function HeroStill() {
  const small = heroVariants.small;
  const fallbackWidth = small.stillWidths.at(-1) ?? small.width;
  return (
    <picture className="hero-still">
      {stillFormats.map((format) => (
        <source
          key={`large-${format}`}
          media={largeHeroQuery}
          type={`image/${format}`}
          srcSet={srcset('large', format)}
          sizes={sizes('large')}
        />
      ))}
      {stillFormats.map((format) => (
        <source
          key={`small-${format}`}
          type={`image/${format}`}
          srcSet={srcset('small', format)}
          sizes={sizes('small')}
        />
      ))}
      <img
        src={heroStillPath('small', fallbackWidth, 'webp')}
        alt=""
        width={small.width}
        height={small.height}
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}
