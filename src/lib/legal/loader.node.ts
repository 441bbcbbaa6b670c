/**
 * The content loader of the legal collection: each `*.md` in src/content/legal becomes an entry whose data is the
 * validated front matter and whose rendered HTML has the config values filled in (see source.ts). A custom
 * loader, because the tokens must be filled before the Markdown is parsed (they also sit inside link addresses).
 */
import { access, readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Loader } from 'astro/loaders';
import sharp from 'sharp';
import { config as siteConfig, envName } from '../config.ts';
import { parseLegalSource, type ConsentScreenshot, type LegalSource } from './source.ts';
import { legalTokens, type LegalTokens } from './tokens.ts';

export class ConsentScreenshotError extends Error {
  override name = 'ConsentScreenshotError';
}

/**
 * The configured screenshot of the app's sign-up screen (`smsConsentScreenshot`, a path under public/), with its
 * size; undefined when none is set. A set path whose file is missing or unreadable stops the build, naming the field.
 */
export async function consentScreenshotOf(
  path: string = siteConfig.smsConsentScreenshot,
  // Builds and tests run from the project root.
  publicDir: URL = pathToFileURL(`${process.cwd()}/public/`),
): Promise<ConsentScreenshot | undefined> {
  if (!path) return undefined;
  const file = fileURLToPath(new URL(path.replace(/^\//, ''), publicDir));
  const field = `smsConsentScreenshot (site.config.ts or ${envName('smsConsentScreenshot')})`;
  try {
    await access(file);
  } catch {
    throw new ConsentScreenshotError(
      `${field} is ${JSON.stringify(path)}, but ${file} does not exist; expected an image file under public/, or empty`,
    );
  }
  const { width, height } = await sharp(file)
    .metadata()
    .catch((error: Error) => {
      throw new ConsentScreenshotError(
        `${field} is ${JSON.stringify(path)}: ${file} is not a readable image (${error.message})`,
      );
    });
  if (!width || !height) throw new ConsentScreenshotError(`${field} is ${JSON.stringify(path)}: ${file} has no size`);
  return { src: path, width, height };
}

/** Reads and renders one legal document; errors name the file. */
export async function readLegalSource(
  path: string,
  tokens: LegalTokens = legalTokens,
  screenshot?: ConsentScreenshot,
): Promise<LegalSource> {
  return parseLegalSource(await readFile(path, 'utf8'), path, tokens, screenshot ?? (await consentScreenshotOf()));
}

/** `folder` is relative to the project root, like `src/content/legal/`. */
export function legalLoader(folder: string): Loader {
  return {
    name: 'legal-loader',
    async load({ store, parseData, generateDigest, watcher, logger, config }) {
      const directory = fileURLToPath(new URL(folder, config.root));
      const sync = async () => {
        store.clear();
        const screenshot = await consentScreenshotOf(siteConfig.smsConsentScreenshot, new URL('public/', config.root));
        for (const name of (await readdir(directory)).filter((file) => file.endsWith('.md')).sort()) {
          const path = `${directory.replace(/\/$/, '')}/${name}`;
          const source = await readLegalSource(path, legalTokens, screenshot);
          const id = name.replace(/\.md$/, '');
          // Astro wants the file relative to the project root.
          const filePath = `${folder.replace(/\/$/, '')}/${name}`;
          const data = await parseData({ id, data: source.data, filePath });
          store.set({
            id,
            data,
            body: source.body,
            filePath,
            digest: generateDigest(source.body + JSON.stringify(source.data)),
            rendered: { html: source.html, metadata: { headings: source.headings } },
          });
        }
      };
      await sync();
      // In `astro dev`, re-read the documents on save.
      watcher?.add(directory);
      watcher?.on('change', (changed) => {
        if (changed.startsWith(directory) && changed.endsWith('.md')) {
          sync().catch((error: Error) => logger.error(error.message));
        }
      });
    },
  };
}
