/**
 * The template's own media and words, which an owner replaces before launch: each group of files with the digest of
 * the template's bytes, so `npm run check:release` lists a group while its files are still exactly the template's
 * (but the media an owner keeps by choice, or does not need: templateAssetsByChoice).
 * A contributor who changes one of these files in the template updates its digest here (the unit test names it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '../src/config/index.ts';
import type { KeepableMedia } from '../src/config/media.ts';

export interface TemplateAsset {
  /** What it is, as the release check names it. */
  name: string;
  /** Its files and folders, from the project's root. */
  paths: string[];
  /** How an owner replaces it. */
  replace: string;
  /** The doc section that says more (check:release prints it beside the asset). */
  doc: string;
  /** sha256 of the template's files (templateDigest). */
  digest: string;
  /** The language whose words these are, other than English: listed only while the site publishes it (`languages`). */
  language?: string;
  /** Its name in `keepTemplateMedia`, where an owner may keep it on purpose: then it is not listed. */
  keep?: KeepableMedia;
  /** Needed only while the landing page shows the 3D scene (`scene`): not asked about once it is off. */
  scene?: true;
}

export const templateAssets: TemplateAsset[] = [
  {
    name: 'the logo',
    paths: ['public/images/logo-white.svg'],
    replace: 'put your white logo at public/images/logo-white.svg',
    doc: 'README.md#make-it-yours',
    digest: '5272cc1cc1ab8315bdfb8929d41431380993168451cc71c037cb2b98410ceb93',
  },
  {
    name: 'the favicon',
    paths: ['public/favicon.svg'],
    replace: 'put your icon at public/favicon.svg; the PNG and ICO icons are drawn from it at build',
    doc: 'README.md#make-it-yours',
    digest: '3ba6be77036f3a43377956c05caae37260ec42b89c46eb427affb2dd78702de8',
  },
  {
    name: 'the hero footage and its stills',
    paths: ['public/videos', ...['large', 'small'].map((variant) => `public/images/hero-${variant}-`)],
    replace: 'npm run media -- path/to/your-clip.mp4',
    doc: 'docs/media-and-3d.md#the-hero-video',
    keep: 'footage',
    digest: '45092f4b454e6be663b3c00faf452b5b34e317c5fb779c5e0dd1b01a78188a50',
  },
  {
    name: 'the 3D model and its still',
    paths: ['media/group-meal.glb', 'public/models', 'public/images/scene-still.'],
    replace: 'your model at media/group-meal.glb, then npm run model and npm run footage',
    doc: 'docs/media-and-3d.md#the-model-pipeline',
    keep: 'model',
    scene: true,
    digest: '4375f4084e289aef38416fee4a6f006f906ee3e9429e8a4412e1fa58d8e00a32',
  },
  {
    name: 'the landing, invite, 404 and support words',
    paths: ['src/content/i18n/en/words.yaml'],
    replace: 'write your own words in src/content/i18n/en/words.yaml',
    doc: 'README.md#make-it-yours',
    digest: '60ca2654e1bdcafa119d6a306ed2d1862d436afd5814111f7d49bd9873d55f23',
  },
  {
    name: 'the support questions',
    paths: ['src/content/i18n/en/support'],
    replace: "answer your users' questions in src/content/i18n/en/support/, one Markdown file each",
    doc: 'README.md#make-it-yours',
    digest: 'b6944b39f554b321f9954de821eca6be87db9d06f587cfb928ec9df1962604e5',
  },
  {
    name: 'the Spanish words of the landing, invite, 404 and support pages',
    paths: ['src/content/i18n/es/words.yaml'],
    replace:
      "translate your own words into src/content/i18n/es/words.yaml, or drop 'es' from languages in site.config.ts",
    language: 'es',
    doc: 'README.md#languages',
    digest: '1b120ec66909acca2709a1bf67777e9530deefd488b0dd4ef79f808f0500c232',
  },
  {
    name: 'the Spanish support questions',
    paths: ['src/content/i18n/es/support'],
    replace:
      "translate your questions into src/content/i18n/es/support/, same file names as en/, or drop 'es' from languages",
    language: 'es',
    doc: 'README.md#languages',
    digest: '56d66077051dbc4da5edf79a50e1666d3499653e5b8dff73e658bc8a2d3f510c',
  },
];

/** The files a path names: a file, every file in a folder, or every file whose path starts with it. */
function filesOf(root: string, path: string): string[] {
  const full = join(root, path);
  if (existsSync(full) && statSync(full).isDirectory())
    return readdirSync(full, { recursive: true, encoding: 'utf8' })
      .map((name) => join(path, name))
      .filter((file) => statSync(join(root, file)).isFile());
  if (existsSync(full)) return [path];
  const dir = path.slice(0, path.lastIndexOf('/'));
  // An owner may delete a folder whose files they do not need (media/, with the scene off): none of them left.
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir))
    .map((name) => `${dir}/${name}`)
    .filter((file) => file.startsWith(path));
}

/** sha256 of the asset's files as they are now: each file's path and bytes, in path order. */
export function templateDigest(asset: Pick<TemplateAsset, 'paths'>, root = '.'): string {
  const hash = createHash('sha256');
  for (const file of asset.paths.flatMap((path) => filesOf(root, path)).sort()) {
    hash.update(`${file}\0`).update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

/** The template's assets still in place, of the site's `languages`. */
export const templateAssetsLeft = (root = '.', assets = templateAssets, languages?: readonly string[]) =>
  assets
    .filter((asset) => !asset.language || !languages || languages.includes(asset.language))
    .filter((asset) => templateDigest(asset, root) === asset.digest);

/** The same, one line each with how to replace it. */
export const templateAssetProblems = (root = '.', assets = templateAssets, languages?: readonly string[]): string[] =>
  templateAssetsLeft(root, assets, languages).map(({ name, replace }) => `${name}: still the template's  (${replace})`);

/** What of the config decides which template assets the release check asks about. */
export type AssetChoices = Pick<SiteConfig, 'languages' | 'scene' | 'keepTemplateMedia'>;

/**
 * The template's assets still in place that this config needs, split by the owner's stated choice: `left`, to replace
 * before launch, and `kept` on purpose (`keepTemplateMedia`). Those it does not need are in neither and never read:
 * a language not published, the scene's model with `scene: false` (its files may be gone).
 */
export function templateAssetsByChoice(
  choices: AssetChoices,
  root = '.',
  assets = templateAssets,
): { left: TemplateAsset[]; kept: TemplateAsset[] } {
  const inPlace = templateAssetsLeft(
    root,
    assets.filter((asset) => choices.scene || !asset.scene),
    choices.languages,
  );
  const kept = (asset: TemplateAsset) => asset.keep !== undefined && choices.keepTemplateMedia.includes(asset.keep);
  return { left: inPlace.filter((asset) => !kept(asset)), kept: inPlace.filter(kept) };
}
