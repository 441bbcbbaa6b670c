/**
 * The names, sizes and budgets of the site's media: the hero video variants and their stills, the logo and the 3D
 * model. The media pipeline writes these files and the components reference them, both from this one list.
 */

/** Large hero video from a window width of 760 px, the small one below it (docs/requirements.md#hero-breakpoint). */
export const heroBreakpointPx = 760;

export type HeroVariant = 'large' | 'small';

export interface HeroVariantSpec {
  /** Encoded frame size. The small variant is a portrait crop for phones. */
  width: number;
  height: number;
  /** Budget per encoded file, in bytes (docs/requirements.md#hero-media). */
  maxBytes: number;
  /** Widths of the responsive stills of the first frame. */
  stillWidths: number[];
}

export const heroVariants: Record<HeroVariant, HeroVariantSpec> = {
  large: { width: 1920, height: 1080, maxBytes: 2.5 * 1024 * 1024, stillWidths: [960, 1440, 1920] },
  small: { width: 720, height: 1280, maxBytes: 0.9 * 1024 * 1024, stillWidths: [360, 540, 720] },
};

export type VideoCodec = 'av1' | 'vp9' | 'h264';

/**
 * AV1 level (seq_level_idx, two digits) of each variant, as the encoder sets it for the size at 24 frames a second:
 * 4.0 for 1080p, 3.1 for the 720x1280 crop. It is part of the `codecs` string, and the pipeline checks the encoded
 * stream against it.
 */
export const av1Levels: Record<HeroVariant, string> = { large: '08', small: '05' };

/**
 * Video files, best codec first; the browser plays the first it can decode and downloads only that one. AV1 carries a
 * full `codecs` string (Main profile, the variant's level, Main tier, 8 bits), so a browser that cannot decode it
 * in hardware or software (Safari without an AV1 decoder) skips it before downloading anything. Then VP9 WebM, then
 * the H.264 MP4 that every browser plays.
 */
export const heroVideoSources = (variant: HeroVariant) => [
  {
    src: `/videos/hero-${variant}.av1.mp4`,
    type: `video/mp4; codecs="av01.0.${av1Levels[variant]}M.08"`,
    codec: 'av1' as VideoCodec,
  },
  { src: `/videos/hero-${variant}.webm`, type: 'video/webm', codec: 'vp9' as VideoCodec },
  { src: `/videos/hero-${variant}.mp4`, type: 'video/mp4', codec: 'h264' as VideoCodec },
];

export const stillFormats = ['avif', 'webp'] as const;
export type StillFormat = (typeof stillFormats)[number];

/** `/images/hero-large-1920.avif`: a still of the hero video's first frame. */
export const heroStillPath = (variant: HeroVariant, width: number, format: StillFormat) =>
  `/images/hero-${variant}-${width}.${format}`;

export const logoPath = '/images/logo-white.svg';

/** The 3D scene's model (meshopt-compressed glTF binary), preloaded when the landing page is idle. */
export const modelPath = '/models/group-meal.glb';

/** A still of the 3D scene, shown when WebGL is missing, motion is reduced or the scene fails to load. */
export const sceneStillPath = (format: StillFormat) => `/images/scene-still.${format}`;

/** The scene still's pixel size; the scene's slot keeps this aspect ratio, so swapping still for canvas never shifts layout. */
export const sceneStillSize = { width: 1200, height: 800 } as const;
