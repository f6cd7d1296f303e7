// The extractive answer: the sentences that answer, quoted as written from the best passages, each
// under its source's title. No text is generated, and the answer says where every word comes from.
import type { GroundingPassage } from '../../ports/chat-model.ts';
import { analyze } from '../../text/analyze.ts';

export const MAX_QUOTES = 3;
/** A longer passage is cut to its sentences that best match the question. */
export const MAX_QUOTE_CHARS = 600;

export const INTRO = "Here is what this agent's knowledge base says on this, quoted as written:";
export const NOTHING_FOUND =
  "This agent's knowledge base has nothing on this, so there is no passage to quote. Try asking in other words, or add a source that covers it.";
/** The answer to a message with nothing to look up ("hi", "thanks!", "ok"). */
export const ASK_A_QUESTION =
  "Hello! Ask a question, and the answer will quote what this agent's knowledge base says on it.";

/** The answer to `question` (the latest user message; empty when there is none) from `passages`, best first. */
export function composeExtractiveAnswer(question: string, passages: GroundingPassage[]): string {
  // Neighbouring chunks of one document overlap (the chunker repeats whole sentences), so a passage
  // whose sentences were mostly quoted already would only say the same thing twice.
  const seen = new Set<string>();
  const chosen = passages.filter((passage) => {
    const sentences = sentencesOf(collapse(passage.content));
    if (sentences.length === 0) return false;
    const repeated = sentences.filter((sentence) => seen.has(sentence)).length;
    if (repeated * 2 > sentences.length) return false;
    for (const sentence of sentences) seen.add(sentence);
    return true;
  });
  const terms = new Set(analyze(question));
  if (chosen.length === 0) return terms.size === 0 ? ASK_A_QUESTION : NOTHING_FOUND;
  const quotes = chosen
    .slice(0, MAX_QUOTES)
    .map((passage) => `> ${quoteOf(passage, terms)}\n— ${collapse(passage.title) || 'Untitled source'}`);
  return [INTRO, ...quotes].join('\n\n');
}

/** The sentences retrieval picked as answering (`excerpt`), marked with ellipses where the passage
 * goes on; without them, the passage cut by shared words (below). */
function quoteOf(passage: GroundingPassage, terms: Set<string>): string {
  const content = collapse(passage.content);
  const picked = passage.excerpt === undefined ? '' : collapse(passage.excerpt);
  if (!picked || picked.length > MAX_QUOTE_CHARS) return excerpt(content, terms);
  if (picked === content) return content;
  const sentences = sentencesOf(picked);
  const startsWith = content.startsWith(sentences[0] ?? '');
  const endsWith = content.endsWith(sentences.at(-1) ?? '');
  return `${startsWith ? '' : '… '}${sentences.join(' ')}${endsWith ? '' : ' …'}`;
}

/** The passage whole when it is short; otherwise the run of sentences starting at the one that
 * shares most terms with the question, marked with ellipses where it was cut. */
function excerpt(text: string, terms: Set<string>): string {
  if (text.length <= MAX_QUOTE_CHARS) return text;
  const sentences = sentencesOf(text);
  let best = 0;
  let bestScore = -1;
  for (const [index, sentence] of sentences.entries()) {
    const score = analyze(sentence).filter((term) => terms.has(term)).length;
    if (score > bestScore) [best, bestScore] = [index, score];
  }
  let quoted = '';
  let end = best;
  while (end < sentences.length && (quoted + ' ' + sentences[end]).trim().length <= MAX_QUOTE_CHARS)
    quoted = `${quoted} ${sentences[end++]}`.trim();
  if (!quoted) {
    // One sentence longer than the limit: cut it at a word boundary.
    quoted = sentences[best]!.slice(0, MAX_QUOTE_CHARS).replace(/\s+\S*$/, '');
    end = -1;
  }
  return `${best > 0 ? '… ' : ''}${quoted}${end === sentences.length ? '' : ' …'}`;
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 0);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
