/**
 * The legal collection (src/content.config.ts): each page's words as read now (id `privacy`), and each approved
 * version's frozen words (id `privacy@2026-11-25`), rendered alike by markdown.node.ts. Versions come from their
 * frozen files alone, so no later change of config, data, wording or code can alter one of their words.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { readApprovals, versionId } from './approvals.node.ts';
import { legalPages } from './pages.ts';
import { frozenText, legalText, type LegalText } from './text.node.ts';
import { legalDir } from './tokens.node.ts';

export function legalLoader(): Loader {
  return {
    name: 'legal-loader',
    async load({ store, parseData, generateDigest, watcher }: LoaderContext) {
      const set = async (id: string, text: LegalText) =>
        store.set({
          id,
          data: await parseData({ id, data: { ...text.data } }),
          body: text.markdown,
          rendered: { html: text.html, metadata: { headings: text.headings } },
          digest: generateDigest(text.markdown),
        });
      const load = async () => {
        const approvals = readApprovals();
        store.clear();
        for (const { kind } of legalPages) {
          await set(kind, await legalText(kind));
          for (const approval of approvals[kind] ?? [])
            await set(versionId(kind, approval.version), await frozenText(kind, approval));
        }
      };
      await load();
      // In `astro dev`: any saved file of the legal folder (Markdown, data, wording, approvals) reloads every page.
      watcher?.on('change', (path) => {
        if (path.includes(`/${legalDir}/`)) load().catch((error: Error) => console.error(error.message));
      });
    },
  };
}
