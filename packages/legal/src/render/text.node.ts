/**
 * A legal page's words as a visitor reads them: its Markdown with every `{{token}}` filled, each
 * `{{practices.<block>}}` line rendered from the data-practices file, and the sign-up screen drawn under the consent
 * wording. This filled Markdown is what the site renders; the page as rendered is what `npm run legal:approve` freezes
 * and the production build compares with the approved version (approvals.node.ts). A page that does not render (an unknown token, an
 * invalid data entry, a failed structural check) throws here, so the build and the approval stop with one message.
 */
import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { decodeHTML, escapeUTF8 } from 'entities';
import { stringify } from 'yaml';
import { z } from 'zod';
import { practiceBlocks, type PracticeBlock } from '../practices/policyBlocks.ts';
import { localizePractices } from '../practices/localize.ts';
import { readDataForms, readDataPractices } from '../practices/read.node.ts';
import { checkLegalEntry } from '../check/check.node.ts';
import type { LegalHeading, LegalPage } from '../record/frontMatter.ts';
import { renderLegalMarkdown } from './markdown.node.ts';
import {
  legalDir,
  legalPageOf,
  legalSource,
  legalSources,
  translationSource,
  translationSources,
  writtenLegalSources,
  type LegalSource,
} from '../addresses/pages.node.ts';
import { recordKey } from '../addresses/pages.ts';
import {
  escapeMarkdown,
  fill,
  LegalTextError,
  legalTokens,
  legalWording,
  wordingFile,
  type LegalTokens,
  type LegalWording,
} from './tokens.node.ts';
import { readText } from '../files.node.ts';
import {
  type SiteConfig,
  localePath,
  type Locale,
  withFeatures,
  allowedMarkup,
  legalMarkup,
  rawHtmlIn,
} from '../host.ts';
import { dataFormsFile, legalTranslationDir, tagOf } from '../host.node.ts';

/** The words of a page's front matter, as approved and frozen with its body. */
export const legalWords = z.object({ title: z.string(), effective: z.iso.date(), summary: z.string() }).strict();

export interface LegalText {
  /** The filled Markdown, front matter and body: what the renderer reads. */
  markdown: string;
  data: z.infer<typeof legalWords>;
  html: string;
  headings: LegalHeading[];
}

/** The data blocks (policyBlocks.ts) that no page places: code writing words no one reads, nor anyone approves. */
export const unplacedPracticeBlocks = (sources: LegalSource[]) => {
  const placed = new Set(
    sources.flatMap(({ body }) => [...body.matchAll(/^\{\{\s*practices\.(\w+)\s*\}\}$/gm)].map((match) => match[1])),
  );
  return Object.keys(practiceBlocks).filter((name) => !placed.has(name));
};

/**
 * What every page's words draw on, read once for all of them: the pages, wording.yaml, the tokens, the data file. A
 * data block no page places stops here, naming it. For a language other than English, `sources` are its translations
 * (translationSources): their words come from its wording file and the data file's forms in it, and each page's
 * address token (`{{healthDataUrl}}`) is its translation's where it has one, the English page's otherwise. A language
 * with no legal/ page needs none of this: its links go to the English pages (legalLinks.node.ts), and the legal
 * loader builds no page in it.
 */
export function legalShared(config: SiteConfig, sources = legalSources(config.features), locale: Locale = 'en') {
  if (locale !== 'en' && !existsSync(wordingFile(locale)))
    throw new LegalTextError(
      `${wordingFile(locale)} is missing; expected the legal wording that ${sources.map(({ file }) => file).join(', ') || 'its translated pages'} quote, a translation of ${wordingFile()}, or no page in ${legalTranslationDir(locale)}/ (the legal pages are then linked in English)`,
    );
  if (locale === 'en') {
    // A block placed by a page of a feature switched off is still placed (pages.node.ts, legalSources).
    const given = new Set(sources.map(({ kind }) => kind));
    const unplaced = unplacedPracticeBlocks([
      ...sources,
      ...writtenLegalSources().filter(({ kind }) => !given.has(kind)),
    ]);
    if (unplaced.length)
      throw new LegalTextError(
        `packages/legal/src/practices/policyBlocks.ts: ${unplaced.map((name) => `{{practices.${name}}}`).join(', ')} is placed by no page of ${legalDir}/; expected each on a line of its own in a page, or removed from practiceBlocks`,
      );
  }
  const english = locale === 'en' ? sources : legalSources(config.features);
  const translated = new Set(sources.map(({ kind }) => kind));
  const pages = english
    .map(legalPageOf)
    .map((page) =>
      locale !== 'en' && translated.has(page.kind) ? { ...page, path: localePath(locale, page.path) } : page,
    );
  const wording = legalWording(config, pages, locale);
  let practices: ReturnType<typeof readDataPractices> | undefined;
  return {
    config,
    locale,
    sources,
    pages,
    wording,
    tokens: legalTokens(config, pages, wording),
    /** The BCP-47 tag its lists and dates are written in. */
    tag: tagOf(locale),
    practices: () =>
      (practices ??= localizePractices(
        readDataPractices(config),
        locale,
        readDataForms(locale, config.features),
        dataFormsFile(locale),
      )),
  };
}
export type LegalShared = ReturnType<typeof legalShared>;

/** The line of the page's file (or of `markdown`, a test's edit) that its body starts on. */
function bodyLine(file: string, body: string, markdown?: string): number {
  const text = markdown ?? (existsSync(file) ? readText(file) : body);
  return text.replace(/\r\n/g, '\n').split('\n').length - body.split('\n').length + 1;
}

/** The id of the block quotation that holds the app's SMS consent wording, word for word (terms.md). */
export const consentWordingId = 'consent-wording';

/**
 * The owner's screenshot of the app's sign-up screen (`smsConsentScreenshot`, a file under public/), with its size;
 * undefined when none is set. A missing or unreadable file names the field.
 */
export async function consentScreenshotOf(
  path: string,
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
async function consentScreen(
  wordingMarkdown: string,
  words: LegalWording['consentScreen'],
  screenshot: string,
): Promise<string> {
  const shot = await consentScreenshotOf(screenshot);
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
async function fillBody(body: string, tokens: LegalTokens, shared: LegalShared): Promise<string> {
  const { wording } = shared;
  const blocks = /^\{\{\s*practices\.(\w+)\s*\}\}$/gm;
  const practices = blocks.test(body) ? shared.practices() : undefined;
  let filled = fill(
    body.replace(blocks, (line, name: string) =>
      practices && Object.hasOwn(practiceBlocks, name)
        ? practiceBlocks[name as PracticeBlock](practices, wording.blocks, shared.tag)
        : line,
    ),
    tokens,
    escapeMarkdown,
  );
  const quotation = new RegExp(`(<blockquote id="${consentWordingId}"[^>]*>\\n)([\\s\\S]*?)(\\n</blockquote>\\n)`);
  const quoted = quotation.exec(filled);
  if (quoted) {
    const screen = await consentScreen(quoted[2]!, wording.consentScreen, shared.config.smsConsentScreenshot);
    filled = filled.replace(quotation, `$1$2$3\n${screen.replace(/\$/g, '$$$$')}\n`);
  }
  return filled;
}

/**
 * The page's words as read now, checked, and who the page is (its description filled); throws a LegalTextError (or
 * the data file's error) naming what is wrong. `markdown` stands in for the page's file (a test's edit).
 */
export async function legalText(
  kind: string,
  markdown: string | undefined,
  shared: LegalShared,
): Promise<LegalText & { page: LegalPage }> {
  const { locale } = shared;
  const source = markdown === undefined ? shared.sources.find((each) => each.kind === kind) : undefined;
  const {
    file,
    data: front,
    body: template,
  } = source ?? (locale === 'en' ? legalSource(kind, markdown) : translationSource(kind, locale, markdown));
  const ofLocale = { locale: source?.locale ?? locale };
  const { title, effective, facts = {} } = front;
  // The words of the app's features only (src/lib/features.ts): what follows checks the page as it will be read.
  const summary = withFeatures(front.summary, shared.config.features, file);
  const written = withFeatures(template, shared.config.features, file);
  // The page's own figures (the sample codes) are tokens of this page only.
  const tokens = { ...shared.tokens, ...Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, String(v)])) };
  const data = { title, effective, summary: fill(summary, tokens) };
  const page = {
    ...legalPageOf({ kind, file, data: front, body: template, ...ofLocale }),
    description: fill(withFeatures(front.description, shared.config.features, file), tokens),
  };
  const body = await fillBody(written, tokens, shared);
  const rendered = await renderLegalMarkdown(body);
  const failures = [
    // The page's Markdown as written: only the markup the site itself renders, at the line of the file it is on.
    ...rawHtmlIn(template, legalMarkup).map(
      ({ tag, line, why }) =>
        `line ${line + bodyLine(file, template, markdown) - 1}: raw HTML ${JSON.stringify(tag)} (${why}); expected Markdown, or only the markup the site itself renders: ${allowedMarkup(legalMarkup)}`,
    ),
    ...checkLegalEntry(
      kind,
      { template: `${summary}\n${written}`, filled: `${data.summary}\n${body}`, summary: data.summary, ...rendered },
      tokens,
      locale,
      shared.config.features,
    ),
  ];
  if (failures.length) {
    throw new LegalTextError(
      `${file} (the ${recordKey(kind, locale)} page) fails the legal check (docs/legal-pages.md#what-the-build-checks):\n${failures.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  return { markdown: `---\n${stringify(data, { lineWidth: 0 })}---\n${body}`, data, page, ...rendered };
}

/**
 * Each published page that renders the data blocks (`{{practices.<block>}}`), in English and in every published
 * language that translates it, rendered and checked as the build's legal loader does: throws the first one's
 * LegalTextError (or the data file's DataPracticesError). `npm run store-labels` runs it before writing a label: the
 * labels and those pages come from one data file, and a label is never filed from data whose policy would not build.
 */
export async function checkPracticePages(config: SiteConfig) {
  const languages = [
    legalShared(config),
    ...config.languages
      .filter((locale) => locale !== 'en')
      .map((locale) => ({ locale, sources: translationSources(locale, config.features) }))
      .filter(({ sources }) => sources.length)
      .map(({ locale, sources }) => legalShared(config, sources, locale)),
  ];
  for (const shared of languages)
    for (const { kind, body } of shared.sources)
      if (/^\{\{\s*practices\.\w+\s*\}\}$/m.test(body)) await legalText(kind, undefined, shared);
}
