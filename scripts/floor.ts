/**
 * A page's floor: the same words with nothing else (no stylesheet, font, image or script), the page the browser can
 * paint soonest. The Lighthouse gate (scripts/report.ts) measures each page beside its floor, on the same server in
 * the same run, and judges the page by how far its largest paint is from its floor's: a machine that is busy slows
 * both alike, where an absolute budget moved with the machine. The floor is the page's <main> as built, with its
 * scripts, styles, media, embedded SVG and islands dropped and no attribute left but links' `href`; the browser's
 * own font and style draw it.
 */
import { ELEMENT_NODE, parse, renderSync, walkSync } from 'ultrahtml';
import { querySelector } from 'ultrahtml/selector';
import sanitize from 'ultrahtml/transformers/sanitize';

/** What has no words of its own to paint, or would fetch or run something. */
const dropped = ['script', 'style', 'link', 'img', 'picture', 'source', 'svg', 'video', 'audio', 'canvas', 'iframe'];

/** The floor of a built page (its whole HTML), as a document of its own. */
export function floorPage(html: string) {
  const document = parse(html);
  const main = querySelector(document, 'main');
  if (!main) throw new Error('the page has no <main>: its floor is made of the words in it');
  const lang = querySelector(document, 'html')?.attributes.lang ?? 'en';
  const words = sanitize({ dropElements: dropped })(main);
  // No class, style or hidden state: only the browser's defaults style the words.
  walkSync(words, (node) => {
    if (node.type !== ELEMENT_NODE) return;
    const { href } = node.attributes as { href?: string };
    node.attributes = node.name === 'a' && href ? { href } : {};
  });
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head>' +
    `<body>${renderSync(words)}</body></html>`
  );
}
