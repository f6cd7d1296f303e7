import type { DomainDeps } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { SourceType } from '../../ports/knowledge-store.ts';
import type { Store } from '../../ports/store.ts';
import { analyzeQuery, type AnalyzedQuery } from '../../text/analyze.ts';
import type { IndexedAgent } from '../../ports/passage-index.ts';
import { measureCalibration, type ModelCalibration } from './calibrate-model.ts';
import { cosinesOf, createSentenceCache, excerptOf, passageSentences } from './answer-sentences.ts';
import {
  RANKING,
  fusedOrder,
  fuseScores,
  scoreParts,
  shownScores,
  type CandidateSignals,
  type ScoreParts,
} from './fuse-scores.ts';

/** Why a passage scored what it did: the two parts of its score and the raw signals behind them. */
export interface ScoreExplanation extends ScoreParts {
  /** The meaning signal: the cosine of the query's and the passage's embeddings. */
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

export type SearchDeps = Pick<DomainDeps, 'embedder' | 'passageIndex'> & { store: Pick<Store, 'chunks'> };

/** The agent as the search engine indexes it: its knowledge version under the configured model. */
export function indexedAgent(deps: SearchDeps, agent: AgentRecord): IndexedAgent {
  return {
    agentId: agent.id,
    version: agent.knowledgeVersion,
    model: deps.embedder.model,
    dimension: deps.embedder.dimension,
  };
}

/** The configured embedding model's calibration (measured on first use, then kept). Shared by
 * concurrent searches, so one request's abort must not cancel it: it runs without a signal. */
export function modelCalibration(deps: SearchDeps): Promise<ModelCalibration> {
  return deps.passageIndex.perModel(deps.embedder.model, () => measureCalibration(deps.embedder));
}

export interface RankOptions {
  /** Only the retrieval-quality tests measure one ranking alone. */
  mode?: RankingMode;
  /** Results under it are dropped; SPEC §4: 0.3. */
  minimumScore?: number;
  /** Adds each result's score parts (`explain`). */
  explain?: boolean;
  /** Adds each result's `excerpt` (chat grounding): its this many sentences closest to the query. */
  excerptSentences?: number;
  signal?: AbortSignal;
}

/** One process's sentence vectors for chat excerpts (see SentenceCache): 4,096 passages, about
 * 100 MiB at most at 512-d. Search itself embeds nothing but the question. */
const SENTENCE_CACHE = createSentenceCache(4096);

interface Candidate extends CandidateSignals {
  id: string;
  order: number;
  score: number;
}

/**
 * The agent's passages that answer the query, best first, none under the minimum score: what
 * search returns and what chat is grounded on (each with its source's id, type and title). The
 * best passages by BM25 and by meaning are fused into one order; each candidate's score says how
 * sure it is an answer, and the scores, sorted, follow that order (fuse-scores.ts).
 */
export async function rankPassages(
  deps: SearchDeps,
  agent: AgentRecord,
  query: string,
  limit: number,
  options: RankOptions = {},
): Promise<Passage[]> {
  const { mode = 'hybrid', minimumScore = RANKING.minimumScore, signal } = options;
  const indexed = indexedAgent(deps, agent);
  const analysed = analyzeQuery(query);
  // A message with no word of substance ("hi", "thanks!", "ok", "?") asks nothing a passage could
  // answer; its embedding would still sit near some passage, so it is not searched at all.
  if (analysed.terms.length === 0) return [];
  if ((await deps.passageIndex.live(indexed)) === 0) return [];
  const [queryVector] = mode === 'bm25' ? [undefined] : await deps.embedder.embed([query], signal);
  const calibration = await modelCalibration(deps);
  const { terms, correctable } = mode === 'vector' ? { terms: [], correctable: [] } : analysed;
  const fromIndex = await deps.passageIndex.candidates(indexed, {
    terms,
    correctable,
    ...(queryVector && { vector: queryVector }),
    perSignal: Math.max(limit, RANKING.candidatesPerSignal),
  });
  const { queryIdf } = fromIndex;
  if (fromIndex.candidates.length === 0) return [];
  if (mode === 'hybrid' && knowsNoWordOf(analysed, fromIndex.heldTerms)) return [];
  const candidates: Candidate[] = fromIndex.candidates.map((signals) => ({
    ...signals,
    id: signals.chunkId,
    order: 0,
    score: 0,
  }));
  const values =
    mode === 'hybrid' ? fusedOrder(candidates) : candidates.map((c) => (mode === 'bm25' ? c.bm25 : c.cosine));
  const partsOf = (candidate: CandidateSignals) => {
    const parts = scoreParts(candidate, queryIdf, calibration);
    return mode === 'hybrid'
      ? parts
      : mode === 'bm25'
        ? { semantic: 0, keyword: parts.keyword }
        : { semantic: parts.semantic, keyword: 0 };
  };
  candidates.forEach((candidate, i) => (candidate.order = values[i] as number));
  candidates.sort((a, b) => b.order - a.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const floor = Math.max(minimumScore, Number.MIN_VALUE);
  const scores = shownScores(
    candidates.map((candidate) => fuseScores(partsOf(candidate))),
    floor,
  );
  const kept = candidates.slice(0, Math.min(scores.length, limit));
  kept.forEach((candidate, i) => (candidate.score = scores[i] as number));
  const rows = new Map(
    (
      await deps.store.chunks.withSources(
        agent.id,
        kept.map(({ id }) => id),
      )
    ).map((row) => [row.id, row]),
  );
  const found = kept.filter((candidate) => rows.has(candidate.id));
  const excerpts =
    options.excerptSentences && queryVector
      ? await excerptsOf(
          deps,
          found.map(({ id }) => rows.get(id) as Row),
          queryVector,
          options.excerptSentences,
          signal,
        )
      : [];
  return found.map((candidate, i) => {
    const row = rows.get(candidate.id) as Row;
    const passage: Passage = { score: candidate.score, content: row.content, source: row.source };
    if (options.explain)
      passage.explain = {
        ...roundParts(partsOf(candidate)),
        cosine: round(candidate.cosine),
        bm25: round(candidate.bm25),
      };
    if (excerpts[i] !== undefined) passage.excerpt = excerpts[i];
    return passage;
  });
}

/** Nothing but strings that are neither English words nor terms the agent holds ("zqxj vvwk"): the
 * model knows no word of it, and its vector sits near some passage all the same. */
export function knowsNoWordOf(query: AnalyzedQuery, heldTerms: number): boolean {
  return heldTerms === 0 && query.terms.length > 0 && query.correctable.length === query.terms.length;
}

type Row = Awaited<ReturnType<SearchDeps['store']['chunks']['withSources']>>[number];

/** Each passage's sentences closest in meaning to the question: what a quoting answer says. */
async function excerptsOf(
  deps: SearchDeps,
  rows: readonly Row[],
  queryVector: Float32Array,
  count: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const own = await passageSentences(
    deps.embedder,
    SENTENCE_CACHE,
    rows.map((row) => ({ id: row.id, content: row.content, title: row.source.title })),
    signal,
  );
  return own.map((sentences) => excerptOf(sentences.sentences, cosinesOf(sentences, queryVector), count));
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
const roundParts = (parts: ScoreParts): ScoreParts => ({
  semantic: round(parts.semantic),
  keyword: round(parts.keyword),
});
