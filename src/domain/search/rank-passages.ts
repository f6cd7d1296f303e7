import type { DomainDeps } from '../context.ts';
import type { AgentRecord } from '../../ports/store.ts';
import type { SourceType } from '../../ports/knowledge-store.ts';
import { analyze } from './analyze.ts';
import { bm25Scores, buildAgentIndex, vectorScores, type AgentIndex } from './agent-index.ts';
import { measureCalibration, type ModelCalibration } from './calibrate-model.ts';
import { cosinesOf, createSentenceCache, excerptOf, passageSentences, widenAtEdge, type PassageSentences } from './answer-sentences.ts';
import { FUSION, fuseScores, queryCalibration, scoreParts, semanticCosineFloor, sentenceCosine, type ScoreParts } from './fuse-scores.ts';

/** Why a passage scored what it did: the two parts of its score and the raw signals behind them. */
export interface ScoreExplanation extends ScoreParts {
  /** The meaning signal: the cosine of the query's and the passage's embeddings, combined with its
   * best sentence's for the passages re-scored by sentence. */
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
  return deps.indexCache.get(agent.id, agent.knowledgeVersion, model, async () => buildAgentIndex(await deps.store.chunks.searchable(agent.id, model), dimension));
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

/** Candidates for re-scoring by sentence are taken from this share of the floor up: the best
 * sentence can lift a passage that its whole-passage vector left under the floor. */
const CANDIDATE_FLOOR_SHARE = 0.5;
/** One process's sentence vectors (see SentenceCache): 4,096 passages, about 100 MiB at most at 512-d. */
const SENTENCE_CACHE = createSentenceCache(4096);

interface Candidate {
  doc: number;
  score: number;
  cosine: number;
  /** Index of the passage's sentence closest to the query, and every sentence's cosine. */
  best?: number;
  sentences?: { sentences: string[]; cosines: number[] };
}

/**
 * The agent's passages that answer the query, best first, none under the minimum score: what
 * search returns and what chat is grounded on (each with its source's id, type and title). The
 * best few are re-scored with their best sentence's meaning, and a passage whose answering
 * sentence sits at its edge is widened with the neighbouring chunk's sentence on that side.
 */
export async function rankPassages(deps: SearchDeps, agent: AgentRecord, query: string, limit: number, options: RankOptions = {}): Promise<Passage[]> {
  const { mode = 'hybrid', minimumScore = FUSION.minimumScore, signal } = options;
  const index = await loadAgentIndex(deps, agent);
  if (index.chunkIds.length === 0) return [];
  const [queryVector] = await deps.embedder.embed([query], signal);
  const lexical = bm25Scores(index, analyze(query));
  const semantic = queryVector ? vectorScores(index, queryVector) : new Float32Array(index.chunkIds.length);
  const calibration = queryCalibration(await modelCalibration(deps), semantic);
  const floor = Math.max(minimumScore, Number.MIN_VALUE);
  const bySentence = mode !== 'bm25' && queryVector !== undefined && calibration.separates && FUSION.rerankCandidates > 0;
  const candidateFloor = bySentence ? floor * CANDIDATE_FLOOR_SHARE : floor;
  const scores = scoreAll(index.chunkIds.length, semantic, lexical, calibration, mode, candidateFloor);
  const candidates: Candidate[] = topScores(scores, bySentence ? Math.max(limit, FUSION.rerankCandidates) : limit, candidateFloor).map((entry) => ({ ...entry, cosine: semantic[entry.doc] as number }));
  const ids = (docs: number[]) => docs.filter((doc) => doc >= 0 && doc < index.chunkIds.length).map((doc) => index.chunkIds[doc] as string);
  const rows = new Map((await deps.store.chunks.withSources(agent.id, ids(candidates.flatMap(({ doc }) => [doc - 1, doc, doc + 1])))).map((row) => [row.id, row]));
  const rowOf = (doc: number) => rows.get(index.chunkIds[doc] ?? '');
  const wantSentences = bySentence || (options.excerptSentences ?? 0) > 0;
  if (wantSentences && queryVector) {
    const scored = bySentence ? candidates.slice(0, FUSION.rerankCandidates) : candidates.filter((c) => c.score >= floor).slice(0, limit);
    const own = await passageSentences(deps.embedder, SENTENCE_CACHE, scored.map(({ doc }) => ({ id: index.chunkIds[doc] as string, content: rowOf(doc)?.content ?? '', title: rowOf(doc)?.source.title ?? '' })), signal);
    scored.forEach((candidate, at) => {
      const cosines = cosinesOf(own[at] as PassageSentences, queryVector);
      candidate.sentences = { sentences: (own[at] as PassageSentences).sentences, cosines };
      candidate.best = cosines.indexOf(Math.max(...cosines));
      if (!bySentence || cosines.length === 0) return;
      candidate.cosine = sentenceCosine(candidate.cosine, cosines[candidate.best] as number, cosines.length, calibration);
      const parts = scoreParts(candidate.cosine, lexical.get(candidate.doc) ?? 0, calibration);
      candidate.score = mode === 'hybrid' ? fuseScores(parts) : parts.semantic;
    });
    candidates.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }
  return candidates
    .filter((candidate) => candidate.score >= floor && rowOf(candidate.doc))
    .slice(0, limit)
    .map((candidate) => toPassage(candidate, rowOf, lexical.get(candidate.doc) ?? 0, calibration, options));
}

type Row = Awaited<ReturnType<SearchDeps['store']['chunks']['withSources']>>[number];

function toPassage(candidate: Candidate, rowOf: (doc: number) => Row | undefined, bm25: number, calibration: ModelCalibration, options: RankOptions): Passage {
  const row = rowOf(candidate.doc) as Row;
  const sameSource = (doc: number) => (rowOf(doc)?.source.id === row.source.id ? rowOf(doc)?.content : undefined);
  const { sentences, best } = candidate;
  const widened = sentences && best !== undefined && best >= 0 ? widenAtEdge(row.content, best, sentences.sentences.length, { before: sameSource(candidate.doc - 1), after: sameSource(candidate.doc + 1) }) : { content: row.content };
  const passage: Passage = { score: candidate.score, content: widened.content, source: row.source };
  if (options.explain) passage.explain = { ...roundParts(scoreParts(candidate.cosine, bm25, calibration)), cosine: round(candidate.cosine), bm25: round(bm25) };
  if (options.excerptSentences && sentences) {
    const excerpt = excerptOf(sentences.sentences, sentences.cosines, options.excerptSentences);
    // The sentence the passage was widened with belongs to the answer's context: quoted with it.
    passage.excerpt = [widened.before, excerpt, widened.after].filter(Boolean).join(' ');
  }
  return passage;
}

/** Every passage's score (0 for those that cannot reach `floor`). */
function scoreAll(count: number, semantic: Float32Array, lexical: Map<number, number>, calibration: ModelCalibration, mode: RankingMode, floor: number): Float64Array {
  const scores = new Float64Array(count);
  // Most passages share no word with the query and sit far under the floor: skip their arithmetic.
  const cosineFloor = mode === 'bm25' ? Infinity : semanticCosineFloor(floor, calibration);
  for (let doc = 0; doc < count; doc += 1) {
    const bm25 = lexical.get(doc);
    if (bm25 === undefined && (semantic[doc] as number) < cosineFloor) continue;
    const parts = scoreParts(semantic[doc] as number, bm25 ?? 0, calibration);
    scores[doc] = mode === 'hybrid' ? fuseScores(parts) : mode === 'bm25' ? parts.keyword : parts.semantic;
  }
  return scores;
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
