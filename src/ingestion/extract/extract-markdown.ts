import { Marked } from 'marked';
import { parseHTML } from 'linkedom';
import type { ExtractedSection } from '../../text/extracted.ts';
import { htmlSections, type DomNode } from './html-sections.ts';

/** ATX headings (`## Routes`) on lines of their own, or a fenced code block: Markdown's marks. */
const HEADING_LINE = /^#{1,6}[ \t]+\S/m;
const FENCE = /^(?:```|~~~)/m;

/**
 * Plain text that is Markdown (a README or a docs page saved as .txt): at least one heading line
 * and one more heading or a code fence. Ordinary prose rarely starts lines with `#`.
 */
export function looksLikeMarkdown(text: string): boolean {
  const headings = text.match(new RegExp(HEADING_LINE.source, 'gm'))?.length ?? 0;
  return headings >= 2 || (headings >= 1 && FENCE.test(text));
}

const markdown = new Marked({ gfm: true, async: false });

/**
 * Markdown → sections, read the way the HTML of a rendered page is: headings become each block's
 * heading path, list items and table rows are blocks of their own, link syntax and emphasis marks
 * go, code blocks stay whole, and a block of nothing but links (a table of contents) is dropped. HTML
 * written inside the Markdown is read as HTML.
 */
export function extractMarkdown(text: string): ExtractedSection[] {
  const html = markdown.parse(text) as string;
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`);
  const body = (document as unknown as { body: DomNode | null }).body;
  return body ? htmlSections(body, { dropLinkBlocks: true }) : [];
}
