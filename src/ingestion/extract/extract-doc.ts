import WordExtractor from 'word-extractor';
import type { ExtractedSection } from '../../text/extracted.ts';
import { normalizeWhitespace } from '../../text/normalize-text.ts';

/** Legacy Word (.doc) → one section per paragraph of the body; headers, footers and notes are left out. */
export async function extractDoc(bytes: Uint8Array): Promise<ExtractedSection[]> {
  // word-extractor reads a string as a file path: always hand it a Buffer.
  const document = await new WordExtractor().extract(Buffer.from(bytes));
  // Word ends every paragraph with a paragraph mark, which word-extractor gives as a newline.
  return document
    .getBody()
    .split(/\r?\n|\r/)
    .flatMap((paragraph) => {
      const text = normalizeWhitespace(paragraph);
      return text ? [{ text, heading: null, page: null }] : [];
    });
}
