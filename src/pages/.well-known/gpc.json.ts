/** /.well-known/gpc.json: the site honors Global Privacy Control (src/lib/legal/wellKnown.ts). */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { gpcJson } from '../../lib/legal/wellKnown.ts';

export const GET: APIRoute = async () => {
  const privacy = await getEntry('legal', 'privacy');
  if (!privacy) throw new Error('src/content/legal/privacy.md is missing: /.well-known/gpc.json quotes its date.');
  return new Response(`${JSON.stringify(gpcJson(privacy.data.lastUpdated))}\n`, {
    headers: { 'Content-Type': 'application/json' },
  });
};
