import type { DomainDeps } from '../context.ts';
import type { AgentRecord } from '../../ports/store.ts';
import type { SourceType } from '../../ports/knowledge-store.ts';
import { analyze } from './analyze.ts';
import { bm25Scores, type AgentIndex } from './agent-index.ts';
import { bestPassages, scratchOf } from './best-passages.ts';
import { loadIndex } from './update-agent-index.ts';
import { measureCalibration, type ModelCalibration } from './calibrate-model.ts';
import { answerSentences } from './answer-sentences.ts';
import { FUSION, fuseScores, scoreParts, semanticCosineFloor, type ScoreParts } from './fuse-scores.ts';

/** Why a passage scored what it did: the two parts of its score and the raw signals behind them. */
export interface ScoreExplanation extends ScoreParts {
  /** Cosine similarity of the query's and the passage's embeddings. */
  cosine: number;
  /** BM25 as a fraction of the query's highest possible score. */
  bm25: number;
}

export interface Passage {
  score: number;
  content: string;
  source: { id: string; type: SourceType; title: string };
  /** Only when asked for (the console's explain mode); never in the public API's answer. */
  explain?: ScoreExplanation;
  /** Only when asked for (chat grounding): the passage's sentences that best answer the query. */
  excerpt?: string;
}

export type RankingMode = 'hybrid' | 'bm25' | 'vector';

export type SearchDeps = Pick<DomainDeps, 'store' | 'embedder' | 'indexCache'>;

export async function loadAgentIndex(deps: SearchDeps, agent: AgentRecord): Promise<AgentIndex> {
  const { model, dimension } = deps.embedder;
  return loadIndex(deps, agent.id, agent.knowledgeVersion, model, dimension);
}

/** The configured embedding model's calibration (measured on first use, then kept). Shared by
 * concurrent searches, so one request's abort must not cancel it: it runs without a signal. */
export function modelCalibration(deps: SearchDeps): Promise<ModelCalibration> {
  return deps.indexCache.calibration(deps.embedder.model, () => measureCalibration(deps.embedder));
}

export interface RankOptions {
  /** Only the retrieval-quality test measures the inputs of the fusion alone. */
  mode?: RankingMode;
  /** Results under it are dropped; SPEC §4: 0.3. */
  minimumScore?: number;
  /** Adds each result's score parts (`explain`). */
  explain?: boolean;
  /** Adds each result's `excerpt`: its this many sentences closest to the query. */
  excerptSentences?: number;
  signal?: AbortSignal;
}

/**
 * The agent's passages that answer the query, best first, none under the minimum score: what
 * search returns and what chat is grounded on (each with its source's id, type and title).
 */
export async function rankPassages(deps: SearchDeps, agent: AgentRecord, query: string, limit: number, options: RankOptions = {}): Promise<Passage[]> {
  const { mode = 'hybrid', minimumScore = FUSION.minimumScore, signal } = options;
  const index = await loadAgentIndex(deps, agent);
  if (index.live === 0) return [];
  const calibration = await modelCalibration(deps);
  const [queryVector] = await deps.embedder.embed([query], signal);
  const lexical = bm25Scores(index, analyze(query), scratchOf(index).lexical);
  const floor = Math.max(minimumScore, Number.MIN_VALUE);
  // Most passages share no word with the query and sit far under the floor: skip their arithmetic.
  const cosineFloor = mode === 'bm25' ? Infinity : semanticCosineFloor(floor, calibration);
  const score = (cosine: number, bm25: number): number => {
    const parts = scoreParts(cosine, bm25, calibration);
    return mode === 'hybrid' ? fuseScores(parts) : mode === 'bm25' ? parts.keyword : parts.semantic;
  };
  const { best, cosines } = bestPassages(index, queryVector, lexical, score, { limit, floor, cosineFloor });
  // Ids and BM25 now: a delta applied to the index, or another search of it, while the rows load
  // may renumber its slots or reuse the BM25 buffer.
  const ids = best.map((entry) => index.chunkIds[entry.doc] as string);
  const keywords = best.map((entry) => lexical[entry.doc] as number);
  const byId = new Map((await deps.store.chunks.withSources(agent.id, ids)).map((row) => [row.id, row]));
  const passages = best.flatMap((entry, at) => {
    const row = byId.get(ids[at] as string);
    if (!row) return [];
    const passage: Passage = { score: entry.score, content: row.content, source: row.source };
    if (options.explain) {
      const cosine = cosines.get(entry.doc) ?? 0;
      const bm25 = keywords[at] as number;
      passage.explain = { ...roundParts(scoreParts(cosine, bm25, calibration)), cosine: round(cosine), bm25: round(bm25) };
    }
    return [passage];
  });
  if (options.excerptSentences && queryVector && passages.length > 0) {
    const excerpts = await answerSentences(deps.embedder, queryVector, passages.map((p) => ({ content: p.content, title: p.source.title })), options.excerptSentences, signal);
    passages.forEach((passage, index) => (passage.excerpt = excerpts[index]));
  }
  return passages;
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
const roundParts = (parts: ScoreParts): ScoreParts => ({ semantic: round(parts.semantic), keyword: round(parts.keyword) });

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
