/** /.well-known/gpc.json: the site honors Global Privacy Control (src/lib/wellKnown.ts). */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { gpcJson } from '../../lib/wellKnown.ts';

export const GET: APIRoute = async () => {
  // The privacy policy's "last updated", as its page shows it.
  const { lastUpdated } = (await getEntry('legal', 'privacy'))!.data;
  return new Response(`${JSON.stringify(gpcJson(lastUpdated))}\n`, {
    headers: { 'Content-Type': 'application/json' },
  });
};
