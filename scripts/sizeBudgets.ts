/**
 * size-limit's byte budgets (.size-limit.ts), made when it runs from the pages the build published: every HTML page
 * of dist/ by its kind, in whatever languages it holds, then the scripts and media, whose files every build has.
 * A hand list named the template's pages: an owner without Spanish got "can't find files", one with French no budget.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of size-limit's config, in the fields this project uses. */
export interface SizeBudget {
  name: string;
  path: string | string[];
  limit: string;
  gzip?: boolean;
  brotli?: boolean;
}

/** What the landing page runs before load: Astro's script tags, not the invite page's own (PageScript). */
const headScripts = ['_astro/*astro_type_script*.js', '!_astro/PageScript.astro_*'];
const landingLimit = '75 KiB';
const pageLimit = '30 KiB';

type Kind = 'landing' | 'page' | 'record' | 'invite' | 'not-found';
/** The table's order: the pages a visitor opens first, then the legal record, the invite page and the 404s. */
const kinds: Kind[] = ['landing', 'page', 'record', 'invite', 'not-found'];

/**
 * Every HTML page under `dist` (a folder of `root`) with its budget: each landing page (`/`, `/<language>/`) with the
 * scripts it runs before load at 75 KiB gzip, every other page's HTML (its CSS is inline) at 30 KiB. `invitePath` is
 * the config's (`/join`; '' for none): its page answers `/join/<code>`.
 */
export function pageBudgets(root: string, invitePath: string, dist = 'dist'): SizeBudget[] {
  const folder = join(root, dist);
  const files = existsSync(folder)
    ? readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .map((file) => file.split('\\').join('/'))
        .filter((file) => file.endsWith('.html'))
    : [];
  if (!files.includes('index.html')) {
    throw new Error(`${dist}/index.html is missing: run \`npm run build\` first.`);
  }
  // Each language but English (unprefixed) is a folder with a landing page of its own: `es/index.html`.
  const languages = new Set(
    files.filter((file) => /^[^/]+\/index\.html$/.test(file)).map((file) => file.split('/')[0]),
  );
  const invite = invitePath.slice(1);
  const pages = files.map((file) => {
    const [first, ...rest] = file.replace(/\.html$/, '').split('/');
    const language = rest.length && languages.has(first!) ? first! : '';
    const page = language ? rest.join('/') : [first, ...rest].join('/');
    const prefix = language ? `/${language}/` : '/';
    const kind: Kind =
      page === 'index'
        ? 'landing'
        : page === '404'
          ? 'not-found'
          : invite && page === invite
            ? 'invite'
            : page.startsWith('legal/')
              ? 'record'
              : 'page';
    const address =
      kind === 'landing'
        ? prefix
        : kind === 'not-found'
          ? `${prefix}<any missing address> (404 page)`
          : `${prefix}${page}${kind === 'invite' ? '/<code>' : ''}`;
    return { file: `${dist}/${file}`, kind, language, address };
  });
  pages.sort(
    (a, b) =>
      kinds.indexOf(a.kind) - kinds.indexOf(b.kind) ||
      Number(a.language !== '') - Number(b.language !== '') ||
      a.address.localeCompare(b.address, 'en'),
  );
  return pages.map(({ file, kind, address }) =>
    kind === 'landing'
      ? {
          name: `${address}: HTML, CSS and the JavaScript it runs before load`,
          path: [file, ...headScripts.map((pattern) => pattern.replace(/^(!?)/, `$1${dist}/`))],
          limit: landingLimit,
          gzip: true,
        }
      : { name: `${address}: HTML and CSS`, path: file, limit: pageLimit, gzip: true },
  );
}

/**
 * The scripts' and media's budgets (the videos' limits match `maxBytes` in src/lib/media.ts): files every build has,
 * but the invite page's script, which only a build with an `invitePath` makes.
 */
export const assetBudgets = (invitePath: string, dist = 'dist', scene = true): SizeBudget[] =>
  [
    ...(invitePath
      ? [
          {
            name: `${invitePath}/<code>: its script, started after load`,
            path: ['_astro/PageScript.astro_*.js', '_astro/invite.*.js'],
            limit: '10 KiB',
            gzip: true,
          },
        ]
      : []),
    {
      name: '/: the islands it hydrates after load (React and the hero video)',
      path: [
        '_astro/client.*.js',
        '_astro/react.*.js',
        '_astro/HeroVideo.*.js',
        '_astro/useMediaQuery.*.js',
        '_astro/preload-helper.*.js',
      ],
      limit: '75 KiB',
      gzip: true,
    },
    {
      name: 'monitoring, loaded only with a DSN (SDK and replay)',
      path: ['_astro/sdk.client.*.js', '_astro/replay.client.*.js'],
      limit: '90 KiB',
      gzip: true,
    },
    { name: 'every script of the site, together', path: ['_astro/*.js'], limit: '350 KiB', gzip: true },
    // With the scene switched off (site.config.ts `scene`), no page loads it and the model may be gone.
    ...(scene
      ? [
          {
            name: 'the 3D scene (worker, probe and slot)',
            path: ['_astro/sceneWorker.client-*.js', '_astro/webglProbe.client-*.js', '_astro/SceneSlot.*.js'],
            limit: '150 KiB',
          },
          { name: '/models/group-meal.glb', path: ['models/group-meal.glb'], limit: '150 KiB', brotli: false },
        ]
      : []),
    { name: '/videos/hero-large.webm', path: ['videos/hero-large.webm'], limit: '2.5 MiB', brotli: false },
    { name: '/videos/hero-large.mp4', path: ['videos/hero-large.mp4'], limit: '2.5 MiB', brotli: false },
    { name: '/videos/hero-small.webm', path: ['videos/hero-small.webm'], limit: '0.9 MiB', brotli: false },
    { name: '/videos/hero-small.mp4', path: ['videos/hero-small.mp4'], limit: '0.9 MiB', brotli: false },
  ].map((budget) => ({ ...budget, path: budget.path.map((pattern) => `${dist}/${pattern}`) }));

/** Every budget of a build: its pages, then its scripts and media. */
export const sizeBudgets = (root: string, invitePath: string, dist = 'dist', scene = true): SizeBudget[] => [
  ...pageBudgets(root, invitePath, dist),
  ...assetBudgets(invitePath, dist, scene),
];
