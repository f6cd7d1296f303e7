import type { ExtractedSection } from './extracted.ts';
import { chunkSections } from './chunk-sections.ts';
import { indexedTextOf } from './indexed-text.ts';
import { termsOf } from './passage-terms.ts';

/** A passage ready to embed and store: its text, what is indexed and embedded, and its terms. */
export interface IndexPiece {
  content: string;
  heading: string | null;
  page: number | null;
  indexedText: string;
  terms: string;
}

/**
 * Sections → passages with their indexed text and search terms. CPU work (token counting,
 * stemming): a large upload runs it in the extraction pool, not on the event loop.
 */
export function indexPieces(sections: ExtractedSection[]): IndexPiece[] {
  return chunkSections(sections).map((piece) => {
    const indexedText = indexedTextOf(piece.content, piece.heading);
    return {
      content: piece.content,
      heading: piece.heading,
      page: piece.page,
      indexedText,
      terms: termsOf(piece.content, piece.heading).join(' '),
    };
  });
}

export { ANALYZER_VERSION, HEADING_WEIGHT, termsOf } from './passage-terms.ts';
export { indexedTextOf } from './indexed-text.ts';
