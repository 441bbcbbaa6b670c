import type { APIRoute } from 'astro';
import { iconPng } from '../lib/icons.node.ts';

/** iOS asks for /apple-touch-icon.png at 180 px. */
export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await iconPng(180)), { headers: { 'Content-Type': 'image/png' } });
