/**
 * The legal Markdown's steps in Astro's own Markdown pipeline (Sätteri, configured in astro.config.ts):
 * - `legalTokens` fills `{{token}}`s in text and link addresses from the config, the law's facts and the page's front
 *   matter `facts`, and puts each `{{practices.<block>}}` line's list or table, rendered from the data-practices file
 *   beside the Markdown file. An unknown token is left as written: the check (check.node.ts) names it and stops the build.
 *   Under the SMS consent quotation it adds the sign-up screen (`consentScreen` below).
 * - `legalTables` makes each table a named region that scrolls by keyboard, with each cell labelled by its column,
 *   so a narrow screen can show a row as a card (legal.css).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { HastPluginEntry, MdastPluginEntry } from 'satteri';
import { dataPracticesFile, parseDataPractices, type DataPractices } from '../dataPractices/practices.ts';
import { practiceBlocks, type PracticeBlock } from '../dataPractices/policyBlocks.ts';
import { consentScreenshotOf, consentWordingId } from './screenshot.node.ts';
import { escapeMarkdown, fill, legalTokens, type LegalTokens } from './tokens.ts';

const blockLine = /^\{\{\s*practices\.(\w+)\s*\}\}$/;

/** The data-practices file beside a legal Markdown file, if there is one (undefined when it is missing or invalid). */
function practicesBeside(fileURL: URL | undefined): DataPractices | undefined {
  const url = fileURL && new URL(dataPracticesFile, fileURL);
  if (!url || !existsSync(url)) return undefined;
  try {
    return parseDataPractices(readFileSync(url, 'utf8'), url.pathname);
  } catch {
    return undefined; // the page's check parses it again and stops the build with the error
  }
}

export const legalTokensPlugin: MdastPluginEntry = ({ fileURL, data }) => {
  const facts = (data.astro as { frontmatter?: { facts?: Record<string, unknown> } } | undefined)?.frontmatter?.facts;
  const tokens: LegalTokens = {
    ...legalTokens,
    ...Object.fromEntries(Object.entries(facts ?? {}).map(([name, value]) => [name, String(value)])),
  };
  let practices: DataPractices | undefined | null = null;
  return {
    name: 'legal-tokens',
    paragraph(node, ctx) {
      const block = blockLine.exec(ctx.textContent(node).trim())?.[1];
      if (!block || !Object.hasOwn(practiceBlocks, block)) return undefined;
      if (practices === null) practices = practicesBeside(fileURL);
      if (!practices) return undefined;
      return { raw: fill(practiceBlocks[block as PracticeBlock](practices), tokens, escapeMarkdown) };
    },
    text(node) {
      return node.value.includes('{{') ? { type: 'text', value: fill(node.value, tokens) } : undefined;
    },
    async html(node, ctx) {
      if (!node.value.includes(`id="${consentWordingId}"`)) return;
      const siblings = ctx.parent(node)!.children.slice(ctx.indexOf(node)! + 1);
      const end = siblings.findIndex((sibling) => sibling.type === 'html' && sibling.value.includes('</blockquote>'));
      if (end < 0) return;
      const wording = fill(
        siblings
          .slice(0, end)
          .map((sibling) => ctx.textContent(sibling))
          .join(' '),
        tokens,
      );
      ctx.insertAfter(siblings[end]!, { raw: await consentScreen(wording.replace(/\s+/g, ' ').trim()) });
    },
    link(node, ctx) {
      const url = decodeURI(node.url);
      if (url.includes('{{')) ctx.setProperty(node, 'url', fill(url, tokens));
    },
  };
};

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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sign-up screen under the consent wording, so a carrier's reviewer sees the words and the screen together
 * (Twilio 30842): the owner's screenshot when the config names one, else a picture drawn from the quotation's own
 * words, so the two cannot differ. check.node.ts names a configured screenshot that is missing.
 */
async function consentScreen(wording: string): Promise<string> {
  const product = escapeHtml(legalTokens.productName);
  const shot = await consentScreenshotOf().catch(() => undefined);
  const picture = shot
    ? `<img class="consent-screenshot" src="${escapeHtml(shot.src)}" alt="The ${product} sign-up screen, showing the wording quoted above next to the phone number field" width="${shot.width}" height="${shot.height}" loading="lazy" decoding="async">`
    : `<div class="consent-screen" role="img" aria-label="The ${product} sign-up screen: a phone number field, the wording quoted above, and a Send code button">` +
      `<p class="consent-screen-title">Sign up to ${product}</p><p class="consent-screen-field">Phone number</p>` +
      `<p class="consent-screen-wording">${escapeHtml(wording)}</p><p class="consent-screen-button">Send code</p></div>`;
  const caption = shot
    ? 'The sign-up screen of the app.'
    : 'The sign-up screen of the app, drawn from the words quoted above.';
  return `<figure class="consent-figure">${picture}<figcaption>${caption}</figcaption></figure>`;
}
