/** /.well-known/security.txt (RFC 9116), from the config (src/lib/wellKnown.ts). */
import type { APIRoute } from 'astro';
import config from 'virtual:site/config';
import { securityTxt } from '../../lib/wellKnown.ts';

export const GET: APIRoute = () =>
  new Response(securityTxt(config, new Date()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
