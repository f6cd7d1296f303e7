// Over 300 lines: one data structure (slots, postings, vectors) and the operations that must keep it consistent.
import type { SearchableChunk } from '../ports/knowledge-store.ts';
import {
  createQuantizedVectors,
  growQuantized,
  moveQuantized,
  quantize,
  type QuantizedVectors,
} from './quantized-vectors.ts';

/** One term's passages (slots) and how often the term occurs in each; `length` entries are used. */
export interface Posting {
  docs: Uint32Array;
  counts: Uint16Array;
  length: number;
}

/**
 * One agent's passages ready for search, changed in place by deltas: a BM25 inverted index built
 * from the stored analysed terms, the unit vectors side by side in one Float32Array (exact
 * scores), and an int8 copy of them (the fast first pass, see quantized-vectors.ts). Passages sit
 * in slots; a deleted passage leaves a dead slot (id '') until the index is compacted.
 */
export interface AgentIndex {
  dimension: number;
  /** Slot → passage id ('' for a dead slot). `slots` of them are used. */
  chunkIds: string[];
  sourceIds: string[];
  slots: number;
  /** Live passages: BM25's N. */
  live: number;
  vectors: Float32Array;
  quantized: QuantizedVectors;
  postings: Map<string, Posting>;
  docLengths: Uint32Array;
  /** Sum of live passages' lengths in terms (an integer: the same in a delta as in a rebuild). */
  totalLength: number;
  averageLength: number;
  /** Source → its passages' slots, for deletes and to skip a source already held. */
  bySource: Map<string, number[]>;
  /** Approximate memory held, for the cache's bound. */
  bytes: number;
}

export function buildAgentIndex(chunks: readonly SearchableChunk[], dimension: number): AgentIndex {
  const index = emptyIndex(dimension, chunks.length);
  // Slot order is passage id order on every engine (JS comparison, not the database's collation).
  addChunks(
    index,
    [...chunks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
  return index;
}

function emptyIndex(dimension: number, capacity: number): AgentIndex {
  const room = Math.max(16, capacity);
  const index: AgentIndex = {
    dimension,
    chunkIds: [],
    sourceIds: [],
    slots: 0,
    live: 0,
    vectors: new Float32Array(room * dimension),
    quantized: createQuantizedVectors(room, dimension),
    postings: new Map(),
    docLengths: new Uint32Array(room),
    totalLength: 0,
    averageLength: 0,
    bySource: new Map(),
    bytes: 0,
  };
  measure(index);
  return index;
}

/** Appends passages (a delta's or a build's); a source the index already holds is skipped whole,
 * so applying the same change twice changes nothing. */
export function addChunks(index: AgentIndex, chunks: readonly SearchableChunk[]): void {
  const fresh = chunks.filter((chunk) => !index.bySource.has(chunk.sourceId));
  ensureRoom(index, index.slots + fresh.length);
  const { dimension } = index;
  for (const chunk of fresh) {
    const doc = index.slots;
    index.slots += 1;
    index.live += 1;
    index.chunkIds[doc] = chunk.id;
    index.sourceIds[doc] = chunk.sourceId;
    const slots = index.bySource.get(chunk.sourceId);
    if (slots) slots.push(doc);
    else index.bySource.set(chunk.sourceId, [doc]);
    const vector = chunk.embedding.subarray(0, dimension);
    index.vectors.set(vector, doc * dimension);
    quantize(index.quantized, doc, vector);
    const terms = chunk.terms ? chunk.terms.split(' ') : [];
    index.docLengths[doc] = terms.length;
    index.totalLength += terms.length;
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) appendPosting(index, term, doc, Math.min(count, 65_535));
  }
  settle(index);
}

/** Removes every passage of these sources: their slots die, their postings go (so document
 * frequencies and N count live passages only, as a rebuild would). */
export function removeSources(index: AgentIndex, sourceIds: readonly string[]): void {
  const dead: number[] = [];
  for (const sourceId of sourceIds) {
    for (const doc of index.bySource.get(sourceId) ?? []) {
      dead.push(doc);
      index.chunkIds[doc] = '';
      index.live -= 1;
      index.totalLength -= index.docLengths[doc] as number;
      index.docLengths[doc] = 0;
    }
    index.bySource.delete(sourceId);
  }
  if (dead.length === 0) return;
  dead.sort((a, b) => a - b);
  const isDead = new Uint8Array(index.slots);
  for (const doc of dead) isDead[doc] = 1;
  for (const [term, posting] of index.postings) {
    // Postings list slots in ascending order: a long one is searched for the dead slots instead
    // of read through.
    const from = posting.length > dead.length * 24 ? firstDeadAt(posting, dead) : 0;
    if (from < 0) continue;
    let kept = from;
    for (let i = from; i < posting.length; i += 1) {
      const doc = posting.docs[i] as number;
      if (isDead[doc] === 1) continue;
      posting.docs[kept] = doc;
      posting.counts[kept] = posting.counts[i] as number;
      kept += 1;
    }
    posting.length = kept;
    if (kept === 0) index.postings.delete(term);
  }
  // Dead slots cost scan time: past a quarter of the slots, renumber (same order, same results).
  if (index.slots - index.live > index.slots / 4) compact(index);
  settle(index);
}

/** Where the first of the (sorted) dead slots sits in the posting; -1 when none is in it. */
function firstDeadAt(posting: Posting, dead: readonly number[]): number {
  for (const doc of dead) {
    const at = slotAt(posting, doc);
    if (at < posting.length && posting.docs[at] === doc) return at;
    if (at >= posting.length) break;
  }
  return -1;
}

/** Where `doc` sits in the posting's ascending slots, or where it would go (binary search). */
function slotAt(posting: Posting, doc: number): number {
  let low = 0;
  let high = posting.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((posting.docs[middle] as number) < doc) low = middle + 1;
    else high = middle;
  }
  return low;
}

function compact(index: AgentIndex): void {
  const { dimension } = index;
  const renumber = new Int32Array(index.slots).fill(-1);
  let next = 0;
  for (let doc = 0; doc < index.slots; doc += 1) {
    if (index.chunkIds[doc] === '') continue;
    renumber[doc] = next;
    index.chunkIds[next] = index.chunkIds[doc] as string;
    index.sourceIds[next] = index.sourceIds[doc] as string;
    index.docLengths[next] = index.docLengths[doc] as number;
    index.vectors.copyWithin(next * dimension, doc * dimension, (doc + 1) * dimension);
    moveQuantized(index.quantized, doc, next);
    next += 1;
  }
  index.chunkIds.length = next;
  index.sourceIds.length = next;
  index.slots = next;
  for (const posting of index.postings.values())
    for (let i = 0; i < posting.length; i += 1) posting.docs[i] = renumber[posting.docs[i] as number] as number;
  for (const slots of index.bySource.values()) slots.forEach((doc, i) => (slots[i] = renumber[doc] as number));
}

function appendPosting(index: AgentIndex, term: string, doc: number, count: number): void {
  let posting = index.postings.get(term);
  if (!posting) {
    posting = { docs: new Uint32Array(4), counts: new Uint16Array(4), length: 0 };
    index.postings.set(term, posting);
  }
  if (posting.length === posting.docs.length) {
    const docs = new Uint32Array(posting.length * 2);
    docs.set(posting.docs);
    const counts = new Uint16Array(posting.length * 2);
    counts.set(posting.counts);
    posting.docs = docs;
    posting.counts = counts;
  }
  posting.docs[posting.length] = doc;
  posting.counts[posting.length] = count;
  posting.length += 1;
}

function ensureRoom(index: AgentIndex, slots: number): void {
  const capacity = index.docLengths.length;
  if (slots <= capacity) return;
  // Grow by an eighth: a large index gains room often enough without holding much unused.
  const room = Math.max(slots, capacity + Math.max(256, capacity >> 3));
  const vectors = new Float32Array(room * index.dimension);
  vectors.set(index.vectors.subarray(0, index.slots * index.dimension));
  index.vectors = vectors;
  const lengths = new Uint32Array(room);
  lengths.set(index.docLengths.subarray(0, index.slots));
  index.docLengths = lengths;
  index.quantized = growQuantized(index.quantized, room, index.slots);
}

function settle(index: AgentIndex): void {
  index.averageLength = index.live > 0 ? index.totalLength / index.live : 0;
  measure(index);
}

function measure(index: AgentIndex): void {
  let bytes = index.vectors.byteLength + index.docLengths.byteLength + index.quantized.bytes + index.slots * 48;
  for (const [term, posting] of index.postings)
    bytes += term.length * 2 + 64 + posting.docs.byteLength + posting.counts.byteLength;
  index.bytes = bytes;
}

const K1 = 1.2;
const B = 0.75;

/**
 * Okapi BM25 over the agent's own passages (its own document frequencies), divided by the
 * highest score the query's terms could reach: 1 means every query term is matched as strongly
 * as BM25 allows, so the value means the same thing for short and long queries. One value per
 * slot; 0 where the passage shares no term with the query (a match always scores above 0).
 */
export function bm25Scores(index: AgentIndex, queryTerms: readonly string[], into?: Float64Array): Float64Array {
  // A reused buffer spares the collector 8 bytes per passage per search (see best-passages.ts).
  const scores =
    into && into.length >= index.slots ? into.subarray(0, index.slots).fill(0) : new Float64Array(index.slots);
  let ceiling = 0;
  let matched = false;
  for (const term of new Set(queryTerms)) {
    const posting = index.postings.get(term);
    const idf = termIdf(index, term);
    ceiling += idf * (K1 + 1);
    if (!posting) continue;
    matched = true;
    const { docs, counts, length } = posting;
    const average = index.averageLength || 1;
    for (let i = 0; i < length; i += 1) {
      const doc = docs[i] as number;
      const count = counts[i] as number;
      const lengthNorm = 1 - B + (B * (index.docLengths[doc] as number)) / average;
      scores[doc] = (scores[doc] as number) + (idf * count * (K1 + 1)) / (count + K1 * lengthNorm);
    }
  }
  if (matched && ceiling > 0)
    for (let doc = 0; doc < scores.length; doc += 1)
      if (scores[doc] !== 0) scores[doc] = (scores[doc] as number) / ceiling;
  return scores;
}

/** A term's inverse document frequency over the agent's live passages (BM25's, never negative). */
export function termIdf(index: AgentIndex, term: string): number {
  const frequency = index.postings.get(term)?.length ?? 0;
  return Math.log(1 + (index.live - frequency + 0.5) / (frequency + 0.5));
}

/** The summed IDF of the query's distinct terms that the passage in `doc` holds. */
export function matchedIdf(index: AgentIndex, distinctTerms: readonly string[], doc: number): number {
  let sum = 0;
  for (const term of distinctTerms) {
    const posting = index.postings.get(term);
    if (!posting) continue;
    const at = slotAt(posting, doc);
    if (at < posting.length && posting.docs[at] === doc) sum += termIdf(index, term);
  }
  return sum;
}

/** Exact cosine of the query with one passage (unit vectors): the score every result carries. */
export function exactCosine(index: AgentIndex, doc: number, query: Float32Array): number {
  const { dimension, vectors } = index;
  const offset = doc * dimension;
  // Four running sums: independent additions the CPU can overlap.
  const tail = dimension - (dimension % 4);
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
  return Math.fround(a + b + c + e);
}

/** Exact cosines of the query with every slot (dead slots included): the reference scan. */
export function vectorScores(index: AgentIndex, query: Float32Array): Float32Array {
  const scores = new Float32Array(index.slots);
  for (let doc = 0; doc < index.slots; doc += 1) scores[doc] = exactCosine(index, doc, query);
  return scores;
}
