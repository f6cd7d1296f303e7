import { HEADING_PATH_SEPARATOR, type ExtractedSection } from '../../text/extracted.ts';
import { normalizeWhitespace } from '../../text/normalize-text.ts';

/** The part of a DOM node (linkedom's, or any other) that the walk reads. */
export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** Share of a block's letters inside links from which it counts as navigation. */
const LINK_SHARE = 0.9;
const letterCount = (text: string): number => text.replace(/[^\p{L}\p{N}]/gu, '').length;

const ELEMENT = 1;
const TEXT = 3;
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'select',
  'datalist',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

/**
 * A DOM tree → sections in reading order: one per block (paragraph, list item, table row), each
 * carrying the path of headings above it (an h3 under an h2 under an h1: all three, so a passage
 * keeps the context of its page's outline). Headings themselves are not sections: they travel in
 * `heading`. Inline text between blocks is kept as its own section. The walk uses its own stack,
 * so a deeply nested page cannot overflow the call stack.
 */
export function htmlSections(root: DomNode, options: { dropLinkBlocks?: boolean } = {}): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let heading: string | null = null;
  const outline: string[] = [];
  let buffer = '';
  let rowDepth = 0;
  // Letters inside links in the buffer, and how deep in links the walk is.
  let linkLetters = 0;
  let linkDepth = 0;
  const flush = () => {
    // A block that is nothing but links (a menu, "Prev | Next", a list of related pages) is a
    // page's navigation, not its text.
    const linksOnly = options.dropLinkBlocks && linkLetters > 0 && linkLetters >= letterCount(buffer) * LINK_SHARE;
    // Two <br> in a row (or a blank line in <pre>) separate paragraphs just as blocks do.
    for (const part of linksOnly ? [] : buffer.split(/\n[^\S\n]*\n/)) {
      const text = normalizeWhitespace(part);
      if (text) sections.push({ text, heading, page: null });
    }
    buffer = '';
    linkLetters = 0;
  };

  const stack: Array<{ node: DomNode; leaving: boolean }> = [{ node: root, leaving: false }];
  while (stack.length > 0) {
    const { node, leaving } = stack.pop()!;
    if (node.nodeType === TEXT) {
      buffer += node.textContent ?? '';
      if (linkDepth > 0) linkLetters += letterCount(node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== ELEMENT) continue;
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      linkDepth += leaving ? -1 : 1;
      if (!leaving) stack.push({ node, leaving: true });
      else continue;
    }
    if (leaving) {
      if (tag === 'tr') rowDepth -= 1;
      if (rowDepth === 0) flush();
      else buffer += ' ';
      continue;
    }
    if (SKIPPED.has(tag)) continue;
    if (HEADINGS.has(tag) && rowDepth === 0) {
      flush();
      const text = normalizeWhitespace(node.textContent ?? '');
      if (text) {
        const level = Number(tag[1]);
        outline.length = Math.min(outline.length, level - 1);
        outline[level - 1] = text;
        heading = outline.filter(Boolean).join(HEADING_PATH_SEPARATOR);
      }
      continue;
    }
    if (tag === 'br') {
      buffer += '\n';
      continue;
    }
    // A table row is one section: its cells (and the paragraphs inside them) are joined with ' | '.
    if ((tag === 'td' || tag === 'th') && rowDepth > 0 && buffer.trim()) buffer += ' | ';
    if (BLOCKS.has(tag)) {
      if (rowDepth === 0) flush();
      else buffer += ' ';
      if (tag === 'tr') rowDepth += 1;
      stack.push({ node, leaving: true });
    }
    for (let index = node.childNodes.length - 1; index >= 0; index -= 1) {
      stack.push({ node: node.childNodes[index]!, leaving: false });
    }
  }
  flush();
  return sections;
}
