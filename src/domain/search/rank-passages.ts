import type { DomainDeps } from '../context.ts';
import type { AgentRecord } from '../../ports/store.ts';
import type { SourceType } from '../../ports/knowledge-store.ts';
import { analyze } from './analyze.ts';
import { bm25Scores, buildAgentIndex, vectorScores, type AgentIndex } from './agent-index.ts';
import { SEARCH_CALIBRATION, calibrateCosine, fuseScores } from './fuse-scores.ts';

export interface Passage {
  score: number;
  content: string;
  source: { id: string; type: SourceType; title: string };
}

export type RankingMode = 'hybrid' | 'bm25' | 'vector';

export type SearchDeps = Pick<DomainDeps, 'store' | 'embedder' | 'indexCache'>;

export async function loadAgentIndex(deps: SearchDeps, agent: AgentRecord): Promise<AgentIndex> {
  const { model, dimension } = deps.embedder;
  return deps.indexCache.get(agent.id, agent.knowledgeVersion, model, async () => buildAgentIndex(await deps.store.chunks.searchable(agent.id, model), dimension));
}

export interface RankOptions {
  /** Only the retrieval-quality test measures the inputs of the fusion alone. */
  mode?: RankingMode;
  /** Results under it are dropped; SPEC §4: 0.3. */
  minimumScore?: number;
  signal?: AbortSignal;
}

/** The agent's passages closest to the query, best first, none under the minimum score. */
export async function rankPassages(deps: SearchDeps, agent: AgentRecord, query: string, limit: number, options: RankOptions = {}): Promise<Passage[]> {
  const { mode = 'hybrid', minimumScore = SEARCH_CALIBRATION.minimumScore, signal } = options;
  const index = await loadAgentIndex(deps, agent);
  if (index.chunkIds.length === 0) return [];
  const [queryVector] = await deps.embedder.embed([query], signal);
  const lexical = bm25Scores(index, analyze(query));
  const semantic = queryVector ? vectorScores(index, queryVector) : new Float32Array(index.chunkIds.length);
  const count = index.chunkIds.length;
  const scores = new Float64Array(count);
  for (let doc = 0; doc < count; doc += 1) {
    const bm25 = lexical.get(doc) ?? 0;
    const cosine = semantic[doc] as number;
    scores[doc] = mode === 'hybrid' ? fuseScores(cosine, bm25) : mode === 'bm25' ? bm25 : calibrateCosine(cosine);
  }
  const best = topScores(scores, limit, Math.max(minimumScore, Number.MIN_VALUE));
  const ids = best.map((entry) => index.chunkIds[entry.doc] as string);
  const byId = new Map((await deps.store.chunks.withSources(agent.id, ids)).map((row) => [row.id, row]));
  return best.flatMap((entry) => {
    const row = byId.get(index.chunkIds[entry.doc] as string);
    return row ? [{ score: entry.score, content: row.content, source: row.source }] : [];
  });
}

/** The `limit` best documents at or above `floor`, best first (ties: earlier document first),
 * without sorting every score. */
export function topScores(scores: Float64Array, limit: number, floor: number): Array<{ doc: number; score: number }> {
  const best: Array<{ doc: number; score: number }> = [];
  for (let doc = 0; doc < scores.length; doc += 1) {
    const score = scores[doc] as number;
    if (score < floor || (best.length === limit && score <= (best[limit - 1] as { score: number }).score)) continue;
    let at = best.length;
    while (at > 0 && (best[at - 1] as { score: number }).score < score) at -= 1;
    best.splice(at, 0, { doc, score });
    if (best.length > limit) best.pop();
  }
  return best;
}
