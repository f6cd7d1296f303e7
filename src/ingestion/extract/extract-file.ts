import { ExtractError } from './extract-error.ts';
import type { ExtractedSection } from './extracted.ts';
import { extractDoc } from './extract-doc.ts';
import { extractDocx } from './extract-docx.ts';
import { extractMarkdown, looksLikeMarkdown } from './extract-markdown.ts';
import { extractPdf } from './extract-pdf.ts';
import { splitParagraphs } from './normalize-text.ts';
import { sniffFile } from './sniff-file.ts';
import { withTimeout } from './with-timeout.ts';

export { ExtractError, type ExtractFailure } from './extract-error.ts';

export type FileKind = 'pdf' | 'doc' | 'docx' | 'txt';
export interface ExtractedFile { kind: FileKind; sections: ExtractedSection[] }

const KINDS: readonly FileKind[] = ['pdf', 'doc', 'docx', 'txt'];
const PARSE_TIMEOUT_MS = 60_000;

/**
 * An uploaded file → its text in sections. The type is judged by content; the extension only has
 * to agree with it. Every failure is an ExtractError: 'type-not-allowed' for a named type we do not
 * take (or unnamed content we do not take), 'invalid-file' for content that contradicts its
 * extension, cannot be parsed, or holds no text.
 */
export async function extractFile(input: { bytes: Uint8Array; filename: string }): Promise<ExtractedFile> {
  const claimed = extensionOf(input.filename);
  if (claimed !== null && !isKind(claimed)) {
    throw new ExtractError('type-not-allowed', 'File is not PDF, DOC, DOCX or TXT');
  }
  const content = await sniffFile(input.bytes);
  if (content.kind === 'other') {
    if (claimed === null) throw new ExtractError('type-not-allowed', 'File is not PDF, DOC, DOCX or TXT');
    throw new ExtractError('invalid-file', `File type or content does not match its extension (the content is ${content.type}, not ${claimed.toUpperCase()})`);
  }
  if (claimed !== null && claimed !== content.kind) {
    throw new ExtractError('invalid-file', `File type or content does not match its extension (the content is ${content.kind.toUpperCase()}, not ${claimed.toUpperCase()})`);
  }
  const sections = content.kind === 'txt' ? textSections(content.text) : await parse(content.kind, input.bytes);
  if (sections.length === 0) throw new ExtractError('invalid-file', 'The file contains no extractable text');
  return { kind: content.kind, sections };
}

/** Plain text in paragraphs; Markdown (often uploaded as .txt) by its structure. */
function textSections(text: string): ExtractedSection[] {
  if (!looksLikeMarkdown(text)) return splitParagraphs(text);
  const sections = extractMarkdown(text);
  return sections.length > 0 ? sections : splitParagraphs(text);
}

async function parse(kind: 'pdf' | 'doc' | 'docx', bytes: Uint8Array): Promise<ExtractedSection[]> {
  const parser = kind === 'pdf' ? extractPdf : kind === 'doc' ? extractDoc : extractDocx;
  try {
    return await withTimeout(parser(bytes), PARSE_TIMEOUT_MS, `reading the ${kind.toUpperCase()}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ExtractError('invalid-file', `The ${kind.toUpperCase()} file could not be read: ${detail}`);
  }
}

/** The lower-cased extension without its dot, or null when the name has none. */
export function extensionOf(filename: string): string | null {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : null;
}

function isKind(extension: string): extension is FileKind {
  return (KINDS as readonly string[]).includes(extension);
}
