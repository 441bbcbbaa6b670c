import type { APIRoute } from 'astro';
import config from 'virtual:site/config';
// The white logo from public/ (src/lib/media.ts names it), as markup to embed in the card.
import logo from '../../public/images/logo-white.svg?raw';
import { defaultLocale } from '../lib/i18n.ts';
import { renderSocialCard } from '../lib/socialCard.node.ts';

// The English card; each other language's is src/pages/[locale]/social-card.png.ts.
export const GET: APIRoute = async () => {
  return new Response(new Uint8Array(await renderSocialCard(config, logo, defaultLocale)), {
    headers: { 'Content-Type': 'image/png' },
  });
};
