import type { APIRoute, GetStaticPaths } from 'astro';
import config from 'virtual:site/config';
// The white logo from public/ (src/lib/media.ts names it), as markup to embed in the card.
import logo from '../../../public/images/logo-white.svg?raw';
import { defaultLocale } from '../../lib/i18n.ts';
import { renderSocialCard } from '../../lib/socialCard.node.ts';

// The card of each other published language (`/es/social-card.png`), in its words; English's is at /social-card.png.
export const getStaticPaths = (() =>
  config.languages
    .filter((locale) => locale !== defaultLocale)
    .map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  return new Response(new Uint8Array(await renderSocialCard(config, logo, params.locale!)), {
    headers: { 'Content-Type': 'image/png' },
  });
};
