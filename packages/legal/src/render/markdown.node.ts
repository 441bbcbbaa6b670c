/**
 * How legal Markdown becomes HTML: Astro's own Markdown processor (Sätteri), with heading ids written `{ #id }` and
 * one step of ours, `legalTablesPlugin`: each table a named region that scrolls by keyboard, each cell labelled by its
 * column, so a narrow screen can show a row as a card (legal.css). The words are filled before this step
 * (text.node.ts), so it changes markup only: a current page and a frozen version render alike.
 */
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import type { HastPluginEntry } from 'satteri';
import type { LegalHeading } from '../record/frontMatter.ts';

export const legalTablesPlugin: HastPluginEntry = () => {
  let heading = '';
  return {
    name: 'legal-tables',
    element: {
      filter: ['h2', 'h3', 'table'],
      visit(node, ctx) {
        if (node.tagName !== 'table') {
          heading = String(node.properties?.id ?? '');
          return undefined;
        }
        const rows = node.children.flatMap((part) => (part.type === 'element' ? part.children : []));
        const cells = (row: (typeof rows)[number], tag: string) =>
          row.type === 'element' ? row.children.filter((cell) => cell.type === 'element' && cell.tagName === tag) : [];
        const columns = rows.flatMap((row) => cells(row, 'th')).map((th) => ctx.textContent(th).trim());
        for (const row of rows) {
          cells(row, 'td').forEach((td, index) => ctx.setProperty(td, 'dataLabel', columns[index] ?? ''));
        }
        // A named <section> is a region landmark; a scrolling region must be reachable by keyboard.
        return {
          type: 'element',
          tagName: 'section',
          properties: {
            // A wide table (the CCPA one) may grow past the text column on a wide screen (legal.css).
            className: columns.length > 3 ? ['legal-table', 'wide'] : ['legal-table'],
            tabIndex: 0,
            ...(heading ? { ariaLabelledBy: heading } : { ariaLabel: 'Table' }),
          },
          children: [node],
        };
      },
    },
  };
};

let renderer: ReturnType<typeof createSatteriMarkdownProcessor> | undefined;

/** A legal page's Markdown body as HTML, with its headings (h2 and h3 carry the `{ #id }` of the Markdown). */
export async function renderLegalMarkdown(body: string): Promise<{ html: string; headings: LegalHeading[] }> {
  renderer ??= createSatteriMarkdownProcessor({
    syntaxHighlight: false,
    hastPlugins: [legalTablesPlugin],
    features: { headingAttributes: true },
  });
  const { code, metadata } = await (await renderer).render(body);
  return { html: code, headings: metadata.headings };
}

/**
 * The one section model: the Markdown split at its `##` and `###` headings (id: the `{ #id }`, else the heading's text),
 * after the text before any heading (depth 0). The check reads sections from it; the change report compares them.
 */
export function markdownParts(markdown: string) {
  const parts = [{ id: '', depth: 0, heading: '', lines: [] as string[] }];
  for (const line of markdown.split('\n')) {
    const heading = /^(#{2,3}) +(.*?)\s*(?:\{ *#([\w-]+) *\})?\s*$/.exec(line);
    if (heading)
      parts.push({ id: heading[3] ?? heading[2]!, depth: heading[1]!.length, heading: line.trim(), lines: [] });
    parts.at(-1)!.lines.push(line);
  }
  return parts;
}
