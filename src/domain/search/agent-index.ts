import type { SearchableChunk } from '../../ports/knowledge-store.ts';

/**
 * One agent's passages ready for exact search: a BM25 inverted index built from the stored
 * analysed terms, and the unit vectors side by side in one Float32Array.
 */
export interface AgentIndex {
  chunkIds: string[];
  dimension: number;
  vectors: Float32Array;
  postings: Map<string, { docs: Uint32Array; counts: Uint16Array }>;
  docLengths: Uint32Array;
  averageLength: number;
  /** Approximate memory held, for the cache's bound. */
  bytes: number;
}

export function buildAgentIndex(chunks: readonly SearchableChunk[], dimension: number): AgentIndex {
  const vectors = new Float32Array(chunks.length * dimension);
  const docLengths = new Uint32Array(chunks.length);
  const building = new Map<string, { docs: number[]; counts: number[] }>();
  let totalLength = 0;
  let bytes = vectors.byteLength + docLengths.byteLength;
  chunks.forEach((chunk, doc) => {
    vectors.set(chunk.embedding.subarray(0, dimension), doc * dimension);
    const terms = chunk.terms ? chunk.terms.split(' ') : [];
    docLengths[doc] = terms.length;
    totalLength += terms.length;
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      let posting = building.get(term);
      if (!posting) {
        posting = { docs: [], counts: [] };
        building.set(term, posting);
        bytes += term.length * 2 + 64;
      }
      posting.docs.push(doc);
      posting.counts.push(Math.min(count, 65_535));
      bytes += 6;
    }
    bytes += chunk.id.length * 2 + 16;
  });
  const postings = new Map<string, { docs: Uint32Array; counts: Uint16Array }>();
  for (const [term, posting] of building) postings.set(term, { docs: Uint32Array.from(posting.docs), counts: Uint16Array.from(posting.counts) });
  return {
    chunkIds: chunks.map((chunk) => chunk.id),
    dimension,
    vectors,
    postings,
    docLengths,
    averageLength: chunks.length > 0 ? totalLength / chunks.length : 0,
    bytes,
  };
}

const K1 = 1.2;
const B = 0.75;

/**
 * Okapi BM25 over the agent's own passages (its own document frequencies), divided by the
 * highest score the query's terms could reach: 1 means every query term is matched as strongly
 * as BM25 allows, so the value means the same thing for short and long queries.
 */
export function bm25Scores(index: AgentIndex, queryTerms: readonly string[]): Map<number, number> {
  const scores = new Map<number, number>();
  const total = index.chunkIds.length;
  let ceiling = 0;
  for (const term of new Set(queryTerms)) {
    const posting = index.postings.get(term);
    const frequency = posting?.docs.length ?? 0;
    const idf = Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
    ceiling += idf * (K1 + 1);
    if (!posting) continue;
    for (let i = 0; i < posting.docs.length; i += 1) {
      const doc = posting.docs[i] as number;
      const count = posting.counts[i] as number;
      const lengthNorm = 1 - B + (B * (index.docLengths[doc] as number)) / (index.averageLength || 1);
      const score = (idf * count * (K1 + 1)) / (count + K1 * lengthNorm);
      scores.set(doc, (scores.get(doc) ?? 0) + score);
    }
  }
  if (ceiling > 0) for (const [doc, score] of scores) scores.set(doc, score / ceiling);
  return scores;
}

/** Cosine similarity of the query with every passage (all vectors have unit length). */
export function vectorScores(index: AgentIndex, query: Float32Array): Float32Array {
  const { dimension, vectors } = index;
  const count = index.chunkIds.length;
  const scores = new Float32Array(count);
  // Four running sums: independent additions the CPU can overlap (~1.3× faster here).
  const tail = dimension - (dimension % 4);
  for (let doc = 0; doc < count; doc += 1) {
    const offset = doc * dimension;
    let a = 0;
    let b = 0;
    let c = 0;
    let e = 0;
    for (let d = 0; d < tail; d += 4) {
      a += (vectors[offset + d] as number) * (query[d] as number);
      b += (vectors[offset + d + 1] as number) * (query[d + 1] as number);
      c += (vectors[offset + d + 2] as number) * (query[d + 2] as number);
      e += (vectors[offset + d + 3] as number) * (query[d + 3] as number);
    }
    for (let d = tail; d < dimension; d += 1) a += (vectors[offset + d] as number) * (query[d] as number);
    scores[doc] = a + b + c + e;
  }
  return scores;
}
