import type { APIRoute } from 'astro';
import config from 'virtual:site/config';
import { themeColor } from '../lib/head.ts';
import { manifestIconSizes } from '../lib/icons.node.ts';

export const GET: APIRoute = () => {
  return Response.json({
    name: config.productName,
    short_name: config.productName,
    description: `${config.tagline}.`,
    start_url: '/',
    display: 'browser',
    background_color: themeColor,
    theme_color: themeColor,
    icons: manifestIconSizes.map((size) => ({
      src: `/icons/${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
    })),
  });
};
