/** A legal Markdown file rendered through the site's own legal Markdown steps, as the build renders it, without a build. */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { markdownToHtml } from 'satteri';
import { parse as parseYaml } from 'yaml';
import type { LegalEntry } from '../../src/lib/legal/check.node.ts';
import { legalTablesPlugin, legalTokensPlugin } from '../../src/lib/legal/markdownPlugins.node.ts';

/** `file` is a Markdown file beside its data-practices.yaml; `edit` changes its text first. */
export async function renderLegal(file: string, edit: (text: string) => string = (text) => text): Promise<LegalEntry> {
  const [, frontMatter = '', body = ''] =
    /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(edit(readFileSync(file, 'utf8'))) ?? [];
  const { html } = await markdownToHtml(body, {
    mdastPlugins: [legalTokensPlugin],
    hastPlugins: [legalTablesPlugin],
    features: { gfm: true, headingAttributes: true, smartPunctuation: true },
    fileURL: pathToFileURL(file),
    data: {
      astro: {
        frontmatter: parseYaml(frontMatter),
        headings: [],
        localImagePaths: new Set(),
        remoteImagePaths: new Set(),
      },
    },
  });
  const headings = [...html.matchAll(/<h([23]) id="([^"]+)"/g)].map(([, depth, slug]) => ({
    depth: Number(depth),
    slug: slug!,
  }));
  return { body, html, headings, filePath: file };
}

/**
 * The first paragraph of the section with this id, reworded without a change of meaning (its first two sentences
 * swapped): what an owner's harmless edit looks like, whatever the paragraph says today.
 */
export function reword(markdown: string, id: string): string {
  return markdown.replace(
    new RegExp(`(\\{ #${id} \\}\\n\\n)([^\\n][^]*?)(?=\\n\\n)`),
    (_, heading: string, text: string) => {
      const [first, second, ...rest] = text.split(/(?<=\\.)\\s+(?=[A-Z{])/);
      return heading + (second ? [second, first, ...rest].join(' ') : `In short: ${text}`);
    },
  );
}
