import type { IndexedChunks } from '../ports/knowledge-store.ts';
import type { Candidates, CandidateQuery, IndexedAgent, PassageIndex } from '../ports/passage-index.ts';
import { bm25Scores, exactCosine, matchedIdf, termIdf, type AgentIndex } from './agent-index.ts';
import { bestPassages, scratchOf } from './best-passages.ts';
import { createIndexCache } from './index-cache.ts';
import { nearestTerm } from './spelling.ts';
import { loadIndex } from './update-agent-index.ts';

/** The in-memory engine, with its indexes open to benchmarks and research scripts. */
export interface InMemoryPassageIndex extends PassageIndex {
  indexOf(agent: IndexedAgent): Promise<AgentIndex>;
}

/** The in-memory search engine over the store's passages (see PassageIndex). */
export function createPassageIndex(options: { chunks: IndexedChunks; maxBytes: number }): InMemoryPassageIndex {
  const cache = createIndexCache({ maxBytes: options.maxBytes });
  const indexOf = (agent: IndexedAgent) =>
    loadIndex({ chunks: options.chunks, cache }, agent.agentId, agent.version, agent.model, agent.dimension);
  return {
    indexOf,
    async live(agent) {
      return (await indexOf(agent)).live;
    },
    async candidates(agent, query) {
      return candidatesOf(await indexOf(agent), query);
    },
    perModel: (model, measure) => cache.perModel(model, measure),
    stats: () => cache.stats(),
  };
}

/** The best passages by each ranking, with their signals. Synchronous from the index's read on:
 * the BM25 buffer is the index's own and must be read before another search reuses it. */
export function candidatesOf(index: AgentIndex, query: CandidateQuery): Candidates {
  const { vector, perSignal } = query;
  const terms = spelledAsTheAgent(index, query);
  const queryIdf = terms.reduce((sum, term) => sum + termIdf(index, term), 0);
  const heldTerms = terms.filter((term) => index.postings.has(term)).length;
  if (index.live === 0) return { live: 0, queryIdf, heldTerms, candidates: [] };
  const bm25 = bm25Scores(index, terms, scratchOf(index).lexical);
  const docs = new Set<number>(topByBm25(index, bm25, perSignal));
  // The meaning ranking's best, with the exact cosines it computed on the way.
  const byCosine = vector
    ? bestPassages(index, vector, bm25, (cosine) => cosine, {
        limit: perSignal,
        floor: -Infinity,
        cosineFloor: -Infinity,
      })
    : undefined;
  for (const { doc } of byCosine?.best ?? []) docs.add(doc);
  const candidates = [...docs].map((doc) => ({
    chunkId: index.chunkIds[doc] as string,
    cosine: vector ? (byCosine?.cosines.get(doc) ?? exactCosine(index, doc, vector)) : 0,
    bm25: bm25[doc] as number,
    matchedIdf: matchedIdf(index, terms, doc),
  }));
  return { live: index.live, queryIdf, heldTerms, candidates };
}

/** The query's terms, a misspelt one read as the agent's nearest term (see spelling.ts). */
export function spelledAsTheAgent(
  index: AgentIndex,
  query: Pick<CandidateQuery, 'terms' | 'correctable'>,
): readonly string[] {
  if (!query.correctable?.length) return query.terms;
  const correctable = new Set(query.correctable);
  return [...new Set(query.terms.map((term) => (correctable.has(term) ? (nearestTerm(index, term) ?? term) : term)))];
}

/** The BM25 ranking's best `count` passages that share a term with the query. */
function topByBm25(index: AgentIndex, bm25: Float64Array, count: number): number[] {
  const best: number[] = [];
  for (let doc = 0; doc < index.slots; doc += 1) {
    const value = bm25[doc] as number;
    if (value <= 0 || index.chunkIds[doc] === '') continue;
    if (best.length === count && value <= (bm25[best[count - 1] as number] as number)) continue;
    let at = best.length;
    while (at > 0 && (bm25[best[at - 1] as number] as number) < value) at -= 1;
    best.splice(at, 0, doc);
    if (best.length > count) best.pop();
  }
  return best;
}
