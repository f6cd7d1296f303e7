import { exactCosine, type AgentIndex } from './agent-index.ts';
import { cosineBounds, type CosineBounds } from './quantized-vectors.ts';

export interface ScoredDoc {
  doc: number;
  score: number;
}

export interface BestPassagesOptions {
  limit: number;
  /** Scores under it are dropped. */
  floor: number;
  /** A passage sharing no term with the query and under this cosine is not scored (its score
   * could not reach the floor). */
  cosineFloor: number;
  /** How many passages the first pass gives a cosine bound of their own (the rest share one). */
  bounded?: number;
}

/** Enough that the shared bound of the rest sits under the threshold for most queries. */
const BOUNDED = 256;

/**
 * The `limit` passages with the best `score(cosine, bm25)` at or above the floor, best first, ties
 * by passage id: exactly what scoring every passage with its exact cosine gives, for `score`
 * non-decreasing in both signals. A first pass over the int8 vectors bounds each passage's cosine
 * from above (the few hundred best by int8 dot product each with its own bound, the rest with one
 * they share, made a passage's own only where the shared one is not low enough). The best passages by either signal are scored exactly, which sets a threshold; a
 * passage whose bounds cannot reach it is dropped (most of them without calling `score` at all),
 * and the few left are scored exactly. None that could be in the results is missed.
 */
export function bestPassages(
  index: AgentIndex,
  query: Float32Array | undefined,
  lexical: Float64Array,
  score: (cosine: number, bm25: number) => number,
  options: BestPassagesOptions,
): { best: ScoredDoc[]; cosines: Map<number, number> } {
  const { limit, floor, cosineFloor, bounded = BOUNDED } = options;
  const { slots, chunkIds } = index;
  const scratch = scratchOf(index);
  // An upper bound on each passage's cosine, and whether it is the passage's own (1) or the one
  // all passages outside the first pass's best share (0, made the passage's own when it matters).
  // Without a query vector every cosine is 0, as the exact scores take it.
  const highest = scratch.ceilings.subarray(0, slots);
  const own = scratch.own.subarray(0, slots);
  const bounds = query ? cosineBounds(index.quantized, slots, query, Math.max(bounded, limit)) : undefined;
  highest.fill(bounds ? bounds.rest : 0);
  own.fill(bounds ? 0 : 1);
  bounds?.slots.forEach((doc, i) => {
    highest[doc] = bounds.ceilings[i] as number;
    own[doc] = 1;
  });
  let topCosine = -Infinity;
  let topBm25 = 0;
  const byCosine = new TopList(limit);
  const byBm25 = new TopList(limit);
  for (let doc = 0; doc < slots; doc += 1) {
    if (chunkIds[doc] === '') continue;
    const high = highest[doc] as number;
    const bm25 = lexical[doc] as number;
    if (bm25 === 0 && high < cosineFloor) continue;
    if (high > topCosine) topCosine = high;
    if (bm25 > topBm25) topBm25 = bm25;
    byCosine.offer(doc, high);
    byBm25.offer(doc, bm25);
  }
  const cosines = new Map<number, number>();
  const scored = new Map<number, number>();
  const exact = (doc: number): number => {
    let value = scored.get(doc);
    if (value !== undefined) return value;
    const bm25 = lexical[doc] as number;
    const cosine = query ? exactCosine(index, doc, query) : 0;
    cosines.set(doc, cosine);
    value = bm25 === 0 && cosine < cosineFloor ? 0 : score(cosine, bm25);
    scored.set(doc, value);
    return value;
  };
  // `limit` real passages reach the threshold, so a passage whose bound is under it cannot rank.
  const known = [...new Set([...byCosine.docs, ...byBm25.docs])]
    .map(exact)
    .filter((value) => value >= floor)
    .sort((a, b) => b - a);
  const threshold = known.length >= limit ? (known[limit - 1] as number) : floor;
  // Under these, no passage can reach the threshold whatever its other signal.
  const bm25Under = lastBelow((bm25) => score(topCosine, bm25), threshold, topBm25);
  const cosineUnder = lastBelow((cosine) => score(cosine, topBm25), threshold, topCosine, -1);
  // The shared bound's own cut: a passage holding it with BM25 up to here cannot reach the threshold.
  const restBm25Under = bounds ? lastBelow((bm25) => score(bounds.rest, bm25), threshold, topBm25) : -1;
  const cannotRank = (high: number, bm25: number) =>
    (bm25 === 0 && high < cosineFloor) || high <= cosineUnder || score(high, bm25) < threshold;
  for (let doc = 0; doc < slots; doc += 1) {
    const bm25 = lexical[doc] as number;
    if ((bm25 > 0 && bm25 <= bm25Under) || chunkIds[doc] === '') continue;
    if ((own[doc] === 0 && bm25 <= restBm25Under) || scored.has(doc)) continue;
    if (cannotRank(highest[doc] as number, bm25)) continue;
    if (own[doc] === 0 && cannotRank((bounds as CosineBounds).of(doc), bm25)) continue;
    exact(doc);
  }
  const best: ScoredDoc[] = [];
  for (const [doc, value] of scored) if (value >= floor) best.push({ doc, score: value });
  best.sort((a, b) => b.score - a.score || compareIds(chunkIds[a.doc] as string, chunkIds[b.doc] as string));
  best.length = Math.min(best.length, limit);
  return { best, cosines };
}

/**
 * The largest x in [from, to] found with f(x) < target, for f non-decreasing (bisection): every
 * value at or under it is under the target too. `from` − 1 when even f(from) reaches it.
 */
function lastBelow(f: (x: number) => number, target: number, to: number, from = 0): number {
  if (f(from) >= target) return from - 1;
  if (f(to) < target) return to;
  let low = from;
  let high = to;
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (f(middle) < target) low = middle;
    else high = middle;
  }
  return low;
}

/** The `size` largest values offered, kept sorted (a few insertions into a short list). */
class TopList {
  readonly docs: number[] = [];
  readonly #values: number[] = [];
  readonly #size: number;
  constructor(size: number) {
    this.#size = size;
  }
  offer(doc: number, value: number): void {
    const values = this.#values;
    if (values.length === this.#size && value <= (values[values.length - 1] as number)) return;
    let place = values.length;
    while (place > 0 && (values[place - 1] as number) < value) place -= 1;
    values.splice(place, 0, value);
    this.docs.splice(place, 0, doc);
    if (values.length > this.#size) {
      values.pop();
      this.docs.pop();
    }
  }
}

/**
 * Per-index buffers of one value per slot, reused by every search of the index: allocating them
 * anew (1.6 MB a search at 100k passages) made the collector run often over the index's own heap
 * objects. A search uses them synchronously, start to end, so searches never share one in flight;
 * read what you need from them before the next await.
 */
interface Scratch {
  lexical: Float64Array;
  ceilings: Float64Array;
  own: Uint8Array;
}

const scratches = new WeakMap<AgentIndex, Scratch>();

export function scratchOf(index: AgentIndex): Scratch {
  let scratch = scratches.get(index);
  const room = index.docLengths.length;
  if (!scratch || scratch.lexical.length < room) {
    scratch = { lexical: new Float64Array(room), ceilings: new Float64Array(room), own: new Uint8Array(room) };
    scratches.set(index, scratch);
  }
  return scratch;
}

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
