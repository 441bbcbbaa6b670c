/**
 * The social card (1200x630 PNG) shown when the site is shared: logo, product name, tagline and App Store button in
 * the brand's look, one per language, in its words (a page's og:image is its language's card, head.ts). Drawn at build
 * with satori (text as vector paths from the self-hosted wordmark font, so no system font is needed) and rasterised
 * with sharp.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import type { SiteConfig } from '../config/index.ts';
import { socialCard } from './head.ts';
import type { Locale } from './i18n.ts';
import { colors } from './theme.ts';
import { pageWords } from './words/collection.ts';

const require = createRequire(import.meta.url);
// satori reads WOFF (not WOFF2); the static Fraunces package ships both.
const fontFile = (weight: number) => require.resolve(`@fontsource/fraunces/files/fraunces-latin-${weight}-normal.woff`);

/** The card of `locale`: its tagline and its App Store button are that language's words (its words.yaml). */
export async function renderSocialCard(config: SiteConfig, logoSvg: string, locale: Locale): Promise<Buffer> {
  const {
    landing: { tagline },
    interface: { appStoreButton },
  } = await pageWords(locale);
  const [bold, regular] = await Promise.all([readFile(fontFile(700)), readFile(fontFile(400))]);
  const logo = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`;
  const svg = await satori(
    {
      type: 'div',
      key: 'card',
      props: {
        style: {
          width: '100%',
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 28,
          background: `radial-gradient(circle at 50% 35%, ${colors.roast} 0%, ${colors.espresso} 70%)`,
          color: colors.cream,
          fontFamily: 'Fraunces',
        },
        children: [
          { type: 'img', key: 'logo', props: { src: logo, width: 120, height: 120 } },
          {
            type: 'div',
            key: 'name',
            props: { style: { fontSize: 112, fontWeight: 700 }, children: config.productName },
          },
          {
            type: 'div',
            key: 'tagline',
            props: { style: { fontSize: 44, color: colors.creamDim, fontWeight: 400 }, children: tagline },
          },
          {
            type: 'div',
            key: 'store',
            props: {
              style: {
                marginTop: 18,
                fontSize: 30,
                padding: '12px 36px',
                borderRadius: 999,
                background: colors.tomato,
                color: colors.espresso,
              },
              children: appStoreButton,
            },
          },
        ],
      },
    },
    {
      width: socialCard.width,
      height: socialCard.height,
      fonts: [
        { name: 'Fraunces', data: bold, weight: 700, style: 'normal' },
        { name: 'Fraunces', data: regular, weight: 400, style: 'normal' },
      ],
    },
  );
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
