import { heroStillPath, heroVariants, stillFormats, type HeroVariant } from '../lib/media.ts';
import { largeHeroQuery } from './useHeroVariant.ts';

const srcset = (variant: HeroVariant, format: (typeof stillFormats)[number]) =>
  heroVariants[variant].stillWidths.map((width) => `${heroStillPath(variant, width, format)} ${width}w`).join(', ');

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
          sizes="100vw"
        />
      ))}
      {stillFormats.map((format) => (
        <source key={`small-${format}`} type={`image/${format}`} srcSet={srcset('small', format)} sizes="100vw" />
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
