/**
 * The hero still on a phone, in the page's HTML (docs/requirements.md#hero-still): the largest paint of `/` is the
 * still, and a still fetched after the HTML painted some 200 to 500 ms after the first frame on a phone's network
 * (Lighthouse's phone read the first paint at 1032 ms, the still at 1523). Inlined, the same picture (the small
 * variant's 540 px still, its bytes as they are: about 12 KB of base64) paints in the first frame, behind the `<img>`
 * that loads the sharper width `srcset` picks; it fills the same box, cropped the same way (`cover`, centred), so the
 * sharper one only sharpens it. The preview is at least as large as a phone's hero, so Chrome's largest paint stays
 * the first one. Wider windows use the large variant, which no one file inlines cheaply: they keep fetching it.
 *
 * Vite's `?inline` turns the file into a data URL at build time: `npm run media` rewrites the file, the page follows.
 */
import preview from '../../public/images/hero-small-540.avif?inline';
import { heroBreakpointPx } from './media.ts';

/** The style that paints the preview behind the still's `<img>` below the hero breakpoint. */
export const heroPreviewCss = `@media not all and (min-width: ${heroBreakpointPx}px){.hero-still img{background:50% 50%/cover no-repeat url("${preview}")}}`;
