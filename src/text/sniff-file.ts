import { fileTypeFromBuffer } from 'file-type';
import { decodeText } from './decode-text.ts';

/** What the bytes are, judged by content alone. */
export type SniffedContent =
  { kind: 'pdf' | 'doc' | 'docx' } | { kind: 'txt'; text: string } | { kind: 'other'; type: string };

export async function sniffFile(bytes: Uint8Array): Promise<SniffedContent> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (detected.ext === 'pdf') return { kind: 'pdf' };
    if (detected.ext === 'docx') return { kind: 'docx' };
    // Every OLE compound file (.doc, .xls, .ppt, .msg) shows as cfb; the DOC parser refuses the others.
    if (detected.ext === 'cfb') return { kind: 'doc' };
    return { kind: 'other', type: detected.ext };
  }
  const text = decodeText(bytes);
  if (text === null) return { kind: 'other', type: 'binary' };
  const markup = markupType(text);
  if (markup) return { kind: 'other', type: markup };
  return { kind: 'txt', text };
}

// file-type knows no magic for markup, so the WHATWG MIME-sniffing patterns for HTML are used:
// a known tag at the start of the text (after whitespace), followed by a space or '>'.
const HTML_START = /^<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>]/i;

// A fragment at the start (Markdown often opens with `<h1 align="center">` or a `<div>` of badges)
// is HTML only when the text is a web page: one that names its document, head or body anywhere.
const HTML_DOCUMENT = /<(?:!doctype html|html|head|body)[\s>]/i;

function markupType(text: string): string | null {
  const start = text.trimStart().slice(0, 64);
  if (HTML_START.test(start) && HTML_DOCUMENT.test(text)) return 'html';
  if (/^<\?xml[\s?]/.test(start)) return 'xml';
  return null;
}
