/**
 * /.well-known/apple-app-site-association and /.well-known/assetlinks.json, each only when its platform's ids are
 * set (src/lib/appLinks.ts). Served as application/json by every host file (src/lib/headers.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { appLinkFiles } from '../../lib/appLinks.ts';
import config from 'virtual:site/config';

export const getStaticPaths = (() =>
  appLinkFiles(config).map(({ path, json }) => ({
    params: { file: path.slice('/.well-known/'.length) },
    props: { json },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(`${JSON.stringify(props.json, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
