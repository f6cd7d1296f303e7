import mammoth from 'mammoth';
import { parseHTML } from 'linkedom';
import type { ExtractedSection } from '../../text/extracted.ts';
import { htmlSections, type DomNode } from './html-sections.ts';
import { assertZipExpandsSafely } from './zip-limits.ts';

/**
 * Word (.docx) → sections. mammoth turns the document into HTML (Heading 1–6 styles become
 * h1–h6, paragraphs p, list items li, tables table), and the HTML walk turns that into sections
 * with their headings. Images are dropped: only text is indexed.
 */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedSection[]> {
  assertZipExpandsSafely(bytes);
  const { value: html } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes) },
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return htmlSections(document.body as DomNode);
}
