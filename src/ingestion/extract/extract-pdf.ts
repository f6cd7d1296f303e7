import { extractTextItems, getDocumentProxy, type StructuredTextItem } from 'unpdf';
import type { ExtractedSection } from '../../text/extracted.ts';
import { normalizeWhitespace } from '../../text/normalize-text.ts';

/**
 * PDF → one section per paragraph, with its 1-based page. pdf.js gives positioned lines, not
 * paragraphs, so a paragraph ends where the gap to the next line is wider than ordinary line
 * spacing or the font size changes (a heading). Headings are not told apart: `heading` is null.
 * Throws whatever pdf.js throws (corrupt, encrypted); the caller turns that into INVALID_FILE.
 */
export async function extractPdf(bytes: Uint8Array): Promise<ExtractedSection[]> {
  if (!hasTrailer(bytes)) throw new Error('the PDF is truncated (no %%EOF trailer)');
  // pdf.js may detach the buffer it is given; the caller's bytes stay untouched.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { items } = await extractTextItems(document);
    return items.flatMap((pageItems, index) => paragraphs(lines(pageItems), index + 1));
  } finally {
    // The serverless pdf.js in unpdf has no PDFDocumentProxy.destroy; the loading task frees the document.
    await document.loadingTask.destroy();
  }
}

// pdf.js repairs a PDF cut short and shows whatever pages survive; the spec asks that a truncated
// file be refused, and every complete PDF ends with %%EOF within its last 1 KB.
function hasTrailer(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  return tail.includes('%%EOF');
}

interface Line {
  text: string;
  y: number;
  fontSize: number;
  end: number;
}

function lines(items: StructuredTextItem[]): Line[] {
  const result: Line[] = [];
  let current: Line | null = null;
  let ended = true;
  for (const item of items) {
    // Empty items are pdf.js's markers between runs; they carry no text and a misleading size.
    if (!item.str) continue;
    const sameLine = current && !ended && Math.abs(item.y - current.y) < Math.max(item.fontSize, current.fontSize) / 2;
    if (current && sameLine) {
      // Runs on one line carry their own spaces, except across a visible gap (table cells, tabs).
      const gap = item.x - current.end > item.fontSize * 0.2;
      current.text += gap ? ` ${item.str}` : item.str;
      current.fontSize = Math.max(current.fontSize, item.fontSize);
      current.end = item.x + item.width;
    } else {
      current = { text: item.str, y: item.y, fontSize: item.fontSize, end: item.x + item.width };
      result.push(current);
    }
    ended = item.hasEOL;
  }
  return result;
}

function paragraphs(pageLines: Line[], page: number): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let buffer: string[] = [];
  const flush = () => {
    const text = normalizeWhitespace(buffer.join(' '));
    if (text) sections.push({ text, heading: null, page });
    buffer = [];
  };
  let previous: Line | null = null;
  for (const line of pageLines) {
    if (previous && startsParagraph(previous, line)) flush();
    buffer.push(line.text);
    previous = line;
  }
  flush();
  return sections;
}

function startsParagraph(previous: Line, line: Line): boolean {
  const size = Math.max(previous.fontSize, line.fontSize);
  const drop = previous.y - line.y;
  // Lines run downwards (y grows upwards in PDF space) about 1.2 font sizes apart; a jump up is a
  // new column or block, a wide gap is a paragraph break.
  if (drop <= 0 || drop > size * 1.6) return true;
  return Math.abs(previous.fontSize - line.fontSize) > size * 0.15;
}
