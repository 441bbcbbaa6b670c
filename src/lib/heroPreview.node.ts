/**
 * The hero still on a phone, in the page's HTML (docs/requirements.md#hero-still): the largest paint of `/` is the
 * still, and a still fetched after the HTML painted some 600 ms after the first frame on a phone's network
 * (Lighthouse, phone, devtools throttling: FCP 881, LCP 1446 ms). Inlined, a preview of the same picture paints in the
 * first frame, behind the `<img>` that loads the width `srcset` picks; it fills the same box, cropped the same way
 * (`cover`, centred), so the sharper one only sharpens it. Wider windows use the large variant, which no small file
 * could stand in for: they keep fetching it.
 *
 * The preview is the small variant's largest still, 540 px wide: at least a phone's hero in CSS pixels, so Chrome
 * reports no later, larger paint when the sharp one lands; re-encoded at AVIF quality 25 (4 KB, against 8.6 KB for
 * the 540 px still), since every byte of it delays the first paint (the floor gate, scripts/floorGate.ts, holds `/`
 * within 1.3 times its words alone). Made at build from the file `npm run media` writes, so it follows the owner's
 * video; the same file gives the same bytes.
 */
import sharp from 'sharp';
import { heroBreakpointPx, heroStillPath, heroVariants } from './media.ts';

const previewWidth = 540;
const previewQuality = 25;

/** The style that paints the preview behind the still's `<img>` below the hero breakpoint. */
export async function heroPreviewCss(publicDir = `${process.cwd()}/public`) {
  const small = heroVariants.small;
  const source = `${publicDir}${heroStillPath('small', small.stillWidths.at(-1) ?? small.width, 'avif')}`;
  const preview = await sharp(source)
    .resize({ width: previewWidth })
    .avif({ quality: previewQuality, effort: 4 })
    .toBuffer()
    .catch((error: Error) => {
      throw new Error(`the hero preview is made from ${source}, which sharp could not read: ${error.message}`);
    });
  const url = `data:image/avif;base64,${preview.toString('base64')}`;
  return `@media not all and (min-width: ${heroBreakpointPx}px){.hero-still img{background:50% 50%/cover no-repeat url("${url}")}}`;
}
