import { exactCosine, type AgentIndex } from './agent-index.ts';
import { approximateCosines } from './quantized-vectors.ts';

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
}

/**
 * The `limit` passages with the best `score(cosine, bm25)` at or above the floor, best first, ties
 * by passage id: exactly what scoring every passage with its exact cosine gives, for `score`
 * non-decreasing in the cosine. A first pass over the int8 vectors bounds each passage's score
 * from above; the best bounds are scored exactly, which sets a threshold; only passages whose
 * bound reaches it are scored exactly too. The rest cannot be in the results.
 */
export function bestPassages(index: AgentIndex, query: Float32Array | undefined, lexical: Float64Array, score: (cosine: number, bm25: number) => number, options: BestPassagesOptions): { best: ScoredDoc[]; cosines: Map<number, number> } {
  const { limit, floor, cosineFloor } = options;
  const { slots, chunkIds } = index;
  const approximate = query ? approximateCosines(index.quantized, slots, query) : undefined;
  const candidates: number[] = [];
  const bounds: number[] = [];
  for (let doc = 0; doc < slots; doc += 1) {
    if (chunkIds[doc] === '') continue;
    const bm25 = lexical[doc] as number;
    const highest = approximate ? (approximate.cosines[doc] as number) + (approximate.errors[doc] as number) : 0;
    if (bm25 === 0 && highest < cosineFloor) continue;
    const bound = score(highest, bm25);
    if (bound < floor) continue;
    candidates.push(doc);
    bounds.push(bound);
  }
  const cosines = new Map<number, number>();
  const exact = (doc: number): number => {
    const bm25 = lexical[doc] as number;
    const cosine = query ? exactCosine(index, doc, query) : 0;
    cosines.set(doc, cosine);
    return bm25 === 0 && cosine < cosineFloor ? 0 : score(cosine, bm25);
  };
  // The best bounds' exact scores: `limit` passages are known to reach the threshold.
  const scored = new Map<number, number>();
  for (const at of bestBounds(bounds, limit)) scored.set(candidates[at] as number, exact(candidates[at] as number));
  const known = [...scored.values()].filter((value) => value >= floor).sort((a, b) => b - a);
  const threshold = known.length >= limit ? (known[limit - 1] as number) : floor;
  for (let at = 0; at < candidates.length; at += 1) {
    const doc = candidates[at] as number;
    if ((bounds[at] as number) >= threshold && !scored.has(doc)) scored.set(doc, exact(doc));
  }
  const best: ScoredDoc[] = [];
  for (const [doc, value] of scored) if (value >= floor) best.push({ doc, score: value });
  best.sort((a, b) => b.score - a.score || compareIds(chunkIds[a.doc] as string, chunkIds[b.doc] as string));
  best.length = Math.min(best.length, limit);
  return { best, cosines };
}

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Positions of the `limit` largest values (any order among equals). */
function bestBounds(values: readonly number[], limit: number): number[] {
  const top: number[] = [];
  for (let at = 0; at < values.length; at += 1) {
    const value = values[at] as number;
    if (top.length === limit && value <= (values[top[top.length - 1] as number] as number)) continue;
    let place = top.length;
    while (place > 0 && (values[top[place - 1] as number] as number) < value) place -= 1;
    top.splice(place, 0, at);
    if (top.length > limit) top.pop();
  }
  return top;
}
