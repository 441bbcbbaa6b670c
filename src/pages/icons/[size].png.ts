import type { APIRoute, GetStaticPaths } from 'astro';
import { iconPng, manifestIconSizes } from '../../lib/icons.node.ts';

export const getStaticPaths = (() =>
  manifestIconSizes.map((size) => ({ params: { size: String(size) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(new Uint8Array(await iconPng(Number(params.size))), { headers: { 'Content-Type': 'image/png' } });
