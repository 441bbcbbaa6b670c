/**
 * Reading built or rendered HTML as text, in one place: the legal pages' headings and compliance check, and the
 * security headers' hashes of inline code all read elements through these (ultrahtml trees).
 */
import { decodeHTML } from 'entities';
import { ELEMENT_NODE, TEXT_NODE, walkSync, type ElementNode, type Node } from 'ultrahtml';

/** Character references decoded as a browser does (ultrahtml keeps text and attribute values as written). */
export const decodeEntities = (text: string): string => decodeHTML(text);

/** The children's text exactly as written, undecoded: what a browser hashes for an inline `<script>` or `<style>`. */
export function rawTextOf(element: ElementNode): string {
  return element.children.map((node) => (node.type === TEXT_NODE ? node.value : '')).join('');
}

/** Block elements whose boundary separates words in the visible text. */
const blockElement = /^(p|li|h[1-6]|br|div|section|ol|ul|blockquote|table|tr|td|th)$/;

/** The visible text of an element: entities decoded, a space at every block boundary, whitespace collapsed. */
export function textOf(element: Node): string {
  let text = '';
  walkSync(element, (node) => {
    if (node.type === TEXT_NODE) text += node.value;
    else if (node.type === ELEMENT_NODE && blockElement.test(node.name)) text += ' ';
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Every element below `root` (itself included), in document order. */
export function elementsOf(root: Node): ElementNode[] {
  const found: ElementNode[] = [];
  walkSync(root, (node) => {
    if (node.type === ELEMENT_NODE) found.push(node as ElementNode);
  });
  return found;
}
