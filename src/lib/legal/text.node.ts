/**
 * A legal page's words as a visitor reads them: its Markdown with every `{{token}}` filled, each
 * `{{practices.<block>}}` line rendered from the data-practices file, and the sign-up screen drawn under the consent
 * wording. This filled Markdown is what `npm run legal:approve` records and freezes, what the production build
 * compares with the approved words, and what the site renders. A page that does not render (an unknown token, an
 * invalid data entry, a failed structural check) throws here, so the build and the approval stop with one message.
 */
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { siteConfig } from '../../config/index.ts';
import { decodeHTML, escapeUTF8 } from 'entities';
import { parse as parseYaml, stringify } from 'yaml';
import { z } from 'zod';
import { practiceBlocks, type PracticeBlock } from '../dataPractices/policyBlocks.ts';
import { readDataPractices } from '../dataPractices/read.node.ts';
import { frozenFile, readFrozen, type Approval } from './approvals.node.ts';
import { checkLegalEntry } from './check.node.ts';
import { legalFrontMatter, type LegalFrontMatter, type LegalHeading } from './frontMatter.ts';
import { renderLegalMarkdown } from './markdown.node.ts';
import type { LegalPageKind } from './pages.ts';
import {
  escapeMarkdown,
  fill,
  LegalTextError,
  legalDir,
  legalTokens,
  legalWording,
  type LegalTokens,
  type LegalWording,
} from './tokens.node.ts';

export interface LegalText {
  /** The filled Markdown, front matter and body: the words approved, frozen and compared. */
  markdown: string;
  data: LegalFrontMatter;
  html: string;
  headings: LegalHeading[];
}

/** Front matter and body of a legal Markdown text; `file` names it in the error. Line endings normalized (CRLF). */
function parseLegalMarkdown(text: string, file: string): { data: LegalFrontMatter; body: string } {
  const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n')) ?? [];
  if (body === undefined)
    throw new LegalTextError(`${file}: no front matter; expected it between --- lines at the top`);
  const result = legalFrontMatter.safeParse(parseYaml(yaml!));
  if (!result.success) throw new LegalTextError(`${file}: invalid front matter:\n${z.prettifyError(result.error)}`);
  return { data: result.data, body };
}

/** The id of the block quotation that holds the app's SMS consent wording, word for word (terms.md). */
export const consentWordingId = 'consent-wording';

/**
 * The owner's screenshot of the app's sign-up screen (`smsConsentScreenshot`, a file under public/), with its size;
 * undefined when none is set. A missing or unreadable file names the field.
 */
export async function consentScreenshotOf(
  path: string = siteConfig().smsConsentScreenshot,
  publicDir: URL = pathToFileURL(`${process.cwd()}/public/`),
): Promise<{ src: string; width: number; height: number } | undefined> {
  if (!path) return undefined;
  const file = fileURLToPath(new URL(path.replace(/^\//, ''), publicDir));
  const field = 'smsConsentScreenshot (site.config.ts)';
  try {
    await access(file);
  } catch {
    throw new LegalTextError(
      `${field} is ${JSON.stringify(path)}, but ${file} does not exist; expected an image file under public/, or empty`,
    );
  }
  const { width, height } = await sharp(file)
    .metadata()
    .catch((error: Error) => {
      throw new LegalTextError(
        `${field} is ${JSON.stringify(path)}: ${file} is not a readable image (${error.message})`,
      );
    });
  if (!width || !height) throw new LegalTextError(`${field} is ${JSON.stringify(path)}: ${file} has no size`);
  return { src: path, width, height };
}

/**
 * The sign-up screen under the consent wording, so a carrier's reviewer sees the words and the screen together
 * (Twilio 30842): the owner's screenshot when the config names one, else a picture drawn from the quotation's own
 * words, so the two cannot differ. A raw HTML block of one line, placed in the filled Markdown.
 */
async function consentScreen(wordingMarkdown: string, words: LegalWording['consentScreen']): Promise<string> {
  const shot = await consentScreenshotOf();
  const { html } = await renderLegalMarkdown(wordingMarkdown);
  const text = html.replace(/<\/(p|li|blockquote)>/g, ' ').replace(/<[^>]+>/g, '');
  const wording = decodeHTML(text).replace(/\s+/g, ' ').trim();
  const picture = shot
    ? `<img class="consent-screenshot" src="${escapeUTF8(shot.src)}" alt="${escapeUTF8(words.screenshotAlt)}" width="${shot.width}" height="${shot.height}" loading="lazy" decoding="async">`
    : `<div class="consent-screen" role="img" aria-label="${escapeUTF8(words.drawnLabel)}">` +
      `<p class="consent-screen-title">${escapeUTF8(words.title)}</p><p class="consent-screen-field">${escapeUTF8(words.field)}</p>` +
      `<p class="consent-screen-wording">${escapeUTF8(wording)}</p><p class="consent-screen-button">${escapeUTF8(words.button)}</p></div>`;
  const caption = shot ? words.screenshotCaption : words.drawnCaption;
  return `<figure class="consent-figure">${picture}<figcaption>${escapeUTF8(caption)}</figcaption></figure>`;
}

/** The body with its data blocks, tokens and sign-up screen filled in. */
async function fillBody(body: string, tokens: LegalTokens, wording: LegalWording): Promise<string> {
  const blocks = /^\{\{\s*practices\.(\w+)\s*\}\}$/gm;
  const practices = blocks.test(body) ? readDataPractices() : undefined;
  let filled = fill(
    body.replace(blocks, (line, name: string) =>
      practices && Object.hasOwn(practiceBlocks, name)
        ? practiceBlocks[name as PracticeBlock](practices, wording.blocks)
        : line,
    ),
    tokens,
    escapeMarkdown,
  );
  const quotation = new RegExp(`(<blockquote id="${consentWordingId}"[^>]*>\\n)([\\s\\S]*?)(\\n</blockquote>\\n)`);
  const quoted = quotation.exec(filled);
  if (quoted) {
    const screen = await consentScreen(quoted[2]!, wording.consentScreen);
    filled = filled.replace(quotation, `$1$2$3\n${screen.replace(/\$/g, '$$$$')}\n`);
  }
  return filled;
}

/**
 * The page's words as read now, checked; throws a LegalTextError (or the data file's error) naming what is wrong.
 * `markdown` stands in for the page's file (a test's edit).
 */
export async function legalText(kind: LegalPageKind, markdown?: string): Promise<LegalText> {
  const file = `${legalDir}/${kind}.md`;
  const source = parseLegalMarkdown(markdown ?? readFileSync(file, 'utf8'), file);
  const { facts = {}, ...front } = source.data;
  // The page's own figures (the sample codes) are tokens of this page only.
  const tokens = { ...legalTokens(), ...Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, String(v)])) };
  const data = { ...front, summary: fill(front.summary, tokens) };
  const body = await fillBody(source.body, tokens, legalWording());
  const rendered = await renderLegalMarkdown(body);
  const template = `${front.summary}\n${source.body}`;
  const failures = checkLegalEntry(kind, { template, filled: `${data.summary}\n${body}`, ...rendered }, tokens);
  if (failures.length) {
    throw new LegalTextError(
      `${file} (the ${kind} page) fails the legal check (src/lib/legal/check.node.ts):\n${failures.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  return { markdown: `---\n${stringify(data, { lineWidth: 0 })}---\n${body}`, data, ...rendered };
}

/** An approved version's frozen words (checked against their hash), rendered. No token may be left in them. */
export async function frozenText(kind: LegalPageKind, approval: Approval): Promise<LegalText> {
  const [markdown, file] = [readFrozen(kind, approval), frozenFile(kind, approval.version)];
  const { data, body } = parseLegalMarkdown(markdown, file);
  const token = /\{\{[^}]*\}\}/.exec(markdown)?.[0];
  if (token) throw new LegalTextError(`${file}: ${token} is left in an approved version; expected its words only`);
  return { markdown, data, ...(await renderLegalMarkdown(body)) };
}
