import { countTokens } from 'gpt-tokenizer';
import type { ExtractedSection } from '../extract/extracted.ts';

export interface Chunk {
  /** The passage as shown in search results. */
  content: string;
  /** The heading it sits under, if any: indexed with it, for context. */
  heading: string | null;
  /** PDF page the passage starts on. */
  page: number | null;
}

export interface ChunkOptions {
  /** A chunk is closed once adding the next sentence would pass this many tokens. */
  maxTokens: number;
  /** Sentences carried from the end of one chunk into the next, up to this many tokens. */
  overlapTokens: number;
  /** A heading change starts a new chunk only when the current one has at least this many tokens. */
  minTokens: number;
}

// Small enough for a sentence encoder to represent well (USE was trained on sentences and short
// paragraphs), large enough to carry an answer with its context.
export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { maxTokens: 160, overlapTokens: 32, minTokens: 40 };

interface Sentence {
  text: string;
  tokens: number;
  page: number | null;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Sentences of one block; one longer than the limit is cut at word boundaries. */
function sentencesOf(section: ExtractedSection, maxTokens: number): Sentence[] {
  const sentences: Sentence[] = [];
  for (const { segment } of sentenceSegmenter.segment(section.text)) {
    const text = segment.trim();
    if (!text) continue;
    const tokens = countTokens(text);
    if (tokens <= maxTokens) {
      sentences.push({ text, tokens, page: section.page });
      continue;
    }
    let piece: string[] = [];
    let pieceTokens = 0;
    for (const word of text.split(/\s+/)) {
      const wordTokens = countTokens(` ${word}`);
      if (pieceTokens + wordTokens > maxTokens && piece.length > 0) {
        sentences.push({ text: piece.join(' '), tokens: pieceTokens, page: section.page });
        piece = [];
        pieceTokens = 0;
      }
      piece.push(word);
      pieceTokens += wordTokens;
    }
    if (piece.length > 0) sentences.push({ text: piece.join(' '), tokens: pieceTokens, page: section.page });
  }
  return sentences;
}

/**
 * Structure-aware chunking: blocks under one heading are packed sentence by sentence up to
 * `maxTokens`; a new heading closes the chunk (once it is not tiny); a sentence is never split
 * unless it alone passes the limit; consecutive chunks under one heading overlap by whole
 * sentences. Paragraph breaks inside a chunk are kept.
 */
export function chunkSections(sections: readonly ExtractedSection[], options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Array<Sentence & { paragraphStart: boolean }> = [];
  let currentTokens = 0;
  let currentHeading: string | null = null;

  const close = (keepOverlap: boolean): void => {
    if (current.length === 0) return;
    const content = current.map((s, i) => (i === 0 ? s.text : `${s.paragraphStart ? '\n\n' : ' '}${s.text}`)).join('');
    chunks.push({ content, heading: currentHeading, page: current[0]?.page ?? null });
    if (!keepOverlap) {
      current = [];
      currentTokens = 0;
      return;
    }
    const carried: typeof current = [];
    let carriedTokens = 0;
    for (let index = current.length - 1; index > 0; index -= 1) {
      const sentence = current[index];
      if (!sentence || carriedTokens + sentence.tokens > options.overlapTokens) break;
      carried.unshift(sentence);
      carriedTokens += sentence.tokens;
    }
    current = carried;
    currentTokens = carriedTokens;
  };

  for (const section of sections) {
    if (section.heading !== currentHeading) {
      if (currentTokens >= options.minTokens) close(false);
      currentHeading = section.heading;
    }
    sentencesOf(section, options.maxTokens).forEach((sentence, index) => {
      if (currentTokens + sentence.tokens > options.maxTokens) close(true);
      current.push({ ...sentence, paragraphStart: index === 0 });
      currentTokens += sentence.tokens;
    });
  }
  close(false);
  return chunks;
}
