/**
 * A page's floor: the same words with its inline CSS in a system font, no image and no script, the soonest the page
 * could paint. The Lighthouse gate (scripts/report.ts) measures each page beside its floor, on the same server in the
 * same run, and judges the page by how far its largest paint is from its floor's: a machine that is busy slows both
 * alike, where an absolute budget moved with the machine. So the gate measures what a page adds to its words: media,
 * scripts, web fonts, stylesheets to fetch. The floor is the page's <body> as built, with its scripts, media, embedded
 * SVG, islands and links dropped; its inline CSS keeps every rule but those that fetch (web fonts, images) and draws the
 * words at once (no animation or transition).
 */
import postcss from 'postcss';
import { ELEMENT_NODE, TEXT_NODE, parse, renderSync, walkSync, type Node } from 'ultrahtml';
import { querySelector, querySelectorAll } from 'ultrahtml/selector';
import sanitize from 'ultrahtml/transformers/sanitize';

/** What has no words of its own to paint, or would fetch or run something. */
const dropped = ['script', 'style', 'link', 'img', 'picture', 'source', 'svg', 'video', 'audio', 'canvas', 'iframe'];

const fetches = /url\(/i;

/** The page's CSS without what would fetch, and with every word drawn in its final state from the first frame. */
function floorStyles(css: string) {
  const root = postcss.parse(css);
  root.walkAtRules('font-face', (rule) => void rule.remove());
  root.walkDecls((declaration) => {
    if (fetches.test(declaration.value) || /^(animation|transition)/.test(declaration.prop)) declaration.remove();
  });
  return root.toString();
}

/** The floor of a built page (its whole HTML), as a document of its own. */
export function floorPage(html: string) {
  const document = parse(html);
  if (!querySelector(document, 'main')) throw new Error('the page has no <main>: its floor is made of the words in it');
  const root = querySelector(document, 'html');
  const body = querySelector(document, 'body')!;
  const css = querySelectorAll(document, 'style')
    .flatMap((style: Node) => style.children.filter((child: Node) => child.type === TEXT_NODE))
    .map((text: Node) => text.value as string)
    .join('\n');
  const words = sanitize({ dropElements: dropped })(body);
  walkSync(words, (node) => {
    if (node.type === ELEMENT_NODE && fetches.test(node.attributes.style ?? '')) delete node.attributes.style;
  });
  const { lang = 'en', dir = 'ltr' } = (root?.attributes ?? {}) as { lang?: string; dir?: string };
  return (
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>' +
    `<style>${floorStyles(css)}</style></head>${renderSync(words)}</html>`
  );
}
