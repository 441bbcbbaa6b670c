/** /.well-known/gpc.json: the site honors Global Privacy Control (src/lib/wellKnown.ts). */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { lastUpdated, legalStatus } from '../../lib/legal/approvals.node.ts';
import { gpcJson } from '../../lib/wellKnown.ts';

export const GET: APIRoute = async () => {
  const privacy = (await getEntry('legal', 'privacy'))!;
  // The privacy policy's "last updated", as its page shows it.
  const { latest } = legalStatus('privacy', privacy.body!);
  const lastUpdate = latest ? lastUpdated(latest) : privacy.data.effective;
  return new Response(`${JSON.stringify(gpcJson(lastUpdate))}\n`, {
    headers: { 'Content-Type': 'application/json' },
  });
};
