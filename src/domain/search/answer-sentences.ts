import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

export function sentencesOf(text: string): string[] {
  return [...sentenceSegmenter.segment(text)].map(({ segment }) => segment.replace(/\s+/g, ' ').trim()).filter((sentence) => sentence.length > 0);
}

/**
 * The `count` sentences of each passage closest in meaning to the query, in the passage's order:
 * what a quoting answer should say, rather than the whole passage. One embedding call for all the
 * passages' sentences (each read under its title, as passages are indexed under their heading).
 * Measured on the paraphrase set's dev questions: the two closest sentences hold the labelled
 * answer 90% of the time, the first two sentences about half of it.
 */
export async function answerSentences(embedder: EmbeddingProvider, query: Float32Array, passages: ReadonlyArray<{ content: string; title: string }>, count: number, signal?: AbortSignal): Promise<string[]> {
  const sentences = passages.map((passage) => sentencesOf(passage.content));
  const texts = passages.flatMap((passage, index) => (sentences[index] as string[]).map((sentence) => `${passage.title}: ${sentence}`));
  const vectors = texts.length > 0 ? await embedder.embed(texts, signal) : [];
  let next = 0;
  return sentences.map((own) => {
    const scored = own.map((sentence, index) => ({ sentence, index, cosine: dot(vectors[next + index] as Float32Array, query) }));
    next += own.length;
    const chosen = [...scored].sort((a, b) => b.cosine - a.cosine).slice(0, count);
    // Sentences that were not next to each other are joined by an ellipsis.
    return chosen
      .sort((a, b) => a.index - b.index)
      .map((entry, at, all) => (at > 0 && entry.index !== (all[at - 1] as { index: number }).index + 1 ? `… ${entry.sentence}` : entry.sentence))
      .join(' ');
  });
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
