import { countTokens } from 'gpt-tokenizer';
import { HEADING_PATH_SEPARATOR, type ExtractedSection } from './extracted.ts';

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
export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { maxTokens: 300, overlapTokens: 48, minTokens: 40 };

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
 * sentences. Paragraph breaks inside a chunk are kept. A chunk carries the heading (path) of its
 * first sentence; when a tiny section is packed together with the next one, the next heading is
 * kept in the text as its own line, so no sentence is cut off from the heading it sits under.
 */
export function chunkSections(
  extracted: readonly ExtractedSection[],
  options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
): Chunk[] {
  const sections = withDetectedHeadings(extracted);
  const chunks: Chunk[] = [];
  let current: Array<Sentence & { paragraphStart: boolean; heading: string | null }> = [];
  let currentTokens = 0;
  let currentHeading: string | null = null;

  const close = (keepOverlap: boolean): void => {
    if (current.length === 0) return;
    const content = current.map((s, i) => (i === 0 ? s.text : `${s.paragraphStart ? '\n\n' : ' '}${s.text}`)).join('');
    chunks.push({ content, heading: current[0]?.heading ?? null, page: current[0]?.page ?? null });
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
      // Packed after a tiny section: the new heading stays in the text, above its sentences.
      if (current.length > 0 && section.heading) {
        const line = lastHeadingOf(section.heading);
        const tokens = countTokens(line);
        current.push({ text: line, tokens, page: section.page, paragraphStart: true, heading: section.heading });
        currentTokens += tokens;
      }
    }
    sentencesOf(section, options.maxTokens).forEach((sentence, index) => {
      if (currentTokens + sentence.tokens > options.maxTokens) close(true);
      current.push({ ...sentence, paragraphStart: index === 0, heading: section.heading });
      currentTokens += sentence.tokens;
    });
  }
  close(false);
  return chunks;
}

const lastHeadingOf = (path: string): string => path.split(HEADING_PATH_SEPARATOR).at(-1) ?? path;

// A heading line of plain text or a PDF: short, starts with a capital or a digit, has no closing
// punctuation and nothing of code or a list item about it.
const HEADING_LINE = /^[\p{Lu}\p{N}][^{}=;`<>|]{0,78}[^.!?:;,{}=;`<>|]$/u;
const LIST_ITEM = /^(?:[-*+•]\s|\d+[.)]\s)/;
const MAX_HEADING_WORDS = 10;

const looksLikeHeading = (text: string): boolean =>
  HEADING_LINE.test(text) && !LIST_ITEM.test(text) && text.split(' ').length <= MAX_HEADING_WORDS;

/**
 * Formats that show no headings (plain text, PDF) still have them, as short lines of their own:
 * such a line becomes the heading of the blocks under it instead of a block (consecutive ones
 * form a path, "Fastify › Plugins"), so the passages under it are indexed with it as a heading
 * from HTML or DOCX is. The lines that open the document (its title) stay above every later
 * heading. Sections that already carry headings are left as they are.
 */
export function withDetectedHeadings(sections: readonly ExtractedSection[]): readonly ExtractedSection[] {
  if (sections.some((section) => section.heading !== null)) return sections;
  const result: ExtractedSection[] = [];
  let root: string[] | null = null;
  let path: string[] = [];
  let afterHeading = false;
  sections.forEach((section, index) => {
    const next = sections[index + 1];
    if (next && looksLikeHeading(section.text)) {
      path = afterHeading ? [...path, section.text] : [...(root ?? []), section.text];
      afterHeading = true;
      return;
    }
    root ??= path;
    afterHeading = false;
    result.push({ ...section, heading: path.length > 0 ? path.join(HEADING_PATH_SEPARATOR) : null });
  });
  return result;
}
