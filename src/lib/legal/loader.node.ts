/**
 * Astro's glob loader for the legal Markdown, with one change: the digest of a page that renders blocks from the
 * data-practices file beside it covers that file too. Astro re-renders an entry only when its digest changes, so
 * without this an edited data file would leave every build (and `astro dev`) showing the policy as it was.
 */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { glob, type Loader } from 'astro/loaders';
import { dataPracticesFile } from '../dataPractices/practices.ts';

export function legalLoader(base: string): Loader {
  const markdown = glob({ pattern: '*.md', base });
  return {
    name: 'legal-loader',
    async load(context) {
      const dir = new URL(`${base.replace(/\/?$/, '/')}`, context.config.root);
      const facts = () => readFileSync(new URL(dataPracticesFile, dir), 'utf8');
      await markdown.load({
        ...context,
        generateDigest: (data) =>
          context.generateDigest(typeof data === 'string' && data.includes('{{practices.') ? data + facts() : data),
      });
      // In `astro dev`: a saved data file is a change of every page that renders from it.
      context.watcher?.on('change', async (path) => {
        if (!path.endsWith(`/${dataPracticesFile}`)) return;
        for (const name of await readdir(dir))
          if (name.endsWith('.md')) context.watcher?.emit('change', new URL(name, dir).pathname);
      });
    },
  };
}
