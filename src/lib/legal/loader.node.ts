/**
 * The content loader of the legal collection: each `*.md` in src/content/legal becomes an entry whose data is the
 * validated front matter and whose rendered HTML has the config values filled in (see source.ts). A custom
 * loader, because the tokens must be filled before the Markdown is parsed (they also sit inside link addresses).
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Loader } from 'astro/loaders';
import { parseLegalSource, type LegalSource } from './source.ts';
import { legalTokens, type LegalTokens } from './tokens.ts';

/** Reads and renders one legal document; errors name the file. */
export async function readLegalSource(path: string, tokens: LegalTokens = legalTokens): Promise<LegalSource> {
  return parseLegalSource(await readFile(path, 'utf8'), path, tokens);
}

/** `folder` is relative to the project root, like `src/content/legal/`. */
export function legalLoader(folder: string): Loader {
  return {
    name: 'legal-loader',
    async load({ store, parseData, generateDigest, watcher, logger, config }) {
      const directory = fileURLToPath(new URL(folder, config.root));
      const sync = async () => {
        store.clear();
        for (const name of (await readdir(directory)).filter((file) => file.endsWith('.md')).sort()) {
          const path = `${directory.replace(/\/$/, '')}/${name}`;
          const source = await readLegalSource(path);
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
