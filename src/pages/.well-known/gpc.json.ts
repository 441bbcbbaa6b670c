/** /.well-known/gpc.json: the site honors Global Privacy Control (src/lib/legal/wellKnown.ts). */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { legalStatus } from '../../lib/legal/approvals.node.ts';
import { gpcJson } from '../../lib/legal/wellKnown.ts';

export const GET: APIRoute = async () => {
  const privacy = await getEntry('legal', 'privacy');
  if (!privacy) throw new Error('src/content/legal/privacy.md is missing: /.well-known/gpc.json quotes its date.');
  // The privacy policy's "last updated", as its page shows it.
  const lastUpdate = legalStatus('privacy').latest?.date ?? privacy.data.effective;
  return new Response(`${JSON.stringify(gpcJson(lastUpdate))}\n`, {
    headers: { 'Content-Type': 'application/json' },
  });
};
