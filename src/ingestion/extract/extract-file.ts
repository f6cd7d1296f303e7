import {
  asSentence,
  contentMismatchMessage,
  ExtractError,
  TYPE_NOT_ALLOWED_MESSAGE,
} from '../../text/extract-error.ts';
import type { ExtractedSection } from '../../text/extracted.ts';
import { extractDoc } from './extract-doc.ts';
import { extractDocx } from './extract-docx.ts';
import { extractMarkdown, looksLikeMarkdown } from './extract-markdown.ts';
import { extractPdf } from './extract-pdf.ts';
import { splitParagraphs } from '../../text/normalize-text.ts';
import { sniffFile } from '../../text/sniff-file.ts';
import { withTimeout } from '../../pacing/with-timeout.ts';
import { extensionOf, isFileKind, type FileKind } from '../../text/file-kind.ts';

export { ExtractError, type ExtractFailure } from '../../text/extract-error.ts';

export interface ExtractedFile {
  kind: FileKind;
  sections: ExtractedSection[];
}

const PARSE_TIMEOUT_MS = 60_000;

/**
 * An uploaded file → its text in sections. The type is judged by content; the extension only has
 * to agree with it. Every failure is an ExtractError: 'type-not-allowed' for a named type we do not
 * take (or unnamed content we do not take), 'invalid-file' for content that contradicts its
 * extension, cannot be parsed, or holds no text.
 */
export async function extractFile(input: { bytes: Uint8Array; filename: string }): Promise<ExtractedFile> {
  const claimed = extensionOf(input.filename);
  if (claimed !== null && !isFileKind(claimed)) {
    throw new ExtractError('type-not-allowed', TYPE_NOT_ALLOWED_MESSAGE);
  }
  const content = await sniffFile(input.bytes);
  if (content.kind === 'other') {
    if (claimed === null) throw new ExtractError('type-not-allowed', TYPE_NOT_ALLOWED_MESSAGE);
    throw new ExtractError('invalid-file', contentMismatchMessage(content.type, claimed));
  }
  if (claimed !== null && claimed !== content.kind) {
    throw new ExtractError('invalid-file', contentMismatchMessage(content.kind, claimed));
  }
  const sections = content.kind === 'txt' ? textSections(content.text) : await parse(content.kind, input.bytes);
  if (sections.length === 0) throw new ExtractError('invalid-file', 'The file contains no extractable text.');
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
    throw new ExtractError('invalid-file', asSentence(`The ${kind.toUpperCase()} file could not be read: ${detail}`));
  }
}
