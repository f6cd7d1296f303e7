import type { DomainDeps } from '../context.ts';
import type { AgentRecord } from '../../ports/store.ts';
import type { SourceType } from '../../ports/knowledge-store.ts';
import { analyze } from './analyze.ts';
import { bm25Scores, meanCosine, type AgentIndex } from './agent-index.ts';
import { bestPassages, scratchOf } from './best-passages.ts';
import { loadIndex } from './update-agent-index.ts';
import { measureCalibration, type ModelCalibration } from './calibrate-model.ts';
import { embedQuestions } from './question-adapter.ts';
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

/** Candidates for re-scoring by sentence are taken from this share of the floor up: the best
 * sentence can lift a passage that its whole-passage vector left under the floor. */
const CANDIDATE_FLOOR_SHARE = 0.5;
/** One process's sentence vectors (see SentenceCache): 4,096 passages, about 100 MiB at most at 512-d. */
const SENTENCE_CACHE = createSentenceCache(4096);

interface Candidate {
  score: number;
  cosine: number;
  bm25: number;
  /** The passage's id and its neighbours' in the index ('' at an edge or a dead slot). */
  id: string;
  before: string;
  after: string;
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
  if (index.live === 0) return [];
  const [queryVector] = await embedQuestions(deps.embedder, [query], signal);
  const calibration = queryCalibration(await modelCalibration(deps), queryVector ? meanCosine(index, queryVector) : 0, index.live);
  const lexical = bm25Scores(index, analyze(query), scratchOf(index).lexical);
  const floor = Math.max(minimumScore, Number.MIN_VALUE);
  const bySentence = mode !== 'bm25' && queryVector !== undefined && calibration.separates && FUSION.rerankCandidates > 0;
  const candidateFloor = bySentence ? floor * CANDIDATE_FLOOR_SHARE : floor;
  // Most passages share no word with the query and sit far under the floor: skip their arithmetic.
  const cosineFloor = mode === 'bm25' ? Infinity : semanticCosineFloor(candidateFloor, calibration);
  const score = (cosine: number, bm25: number): number => {
    const parts = scoreParts(cosine, bm25, calibration);
    return mode === 'hybrid' ? fuseScores(parts) : mode === 'bm25' ? parts.keyword : parts.semantic;
  };
  const { best, cosines } = bestPassages(index, queryVector, lexical, score, { limit: bySentence ? Math.max(limit, FUSION.rerankCandidates) : limit, floor: candidateFloor, cosineFloor });
  // Ids, neighbours and BM25 now: a delta applied to the index, or another search of it, while the
  // rows load may renumber its slots or reuse the BM25 buffer.
  const idAt = (doc: number): string => (doc >= 0 && doc < index.slots ? (index.chunkIds[doc] ?? '') : '');
  const candidates: Candidate[] = best.map(({ doc, score }) => ({ score, cosine: cosines.get(doc) ?? 0, bm25: lexical[doc] as number, id: idAt(doc), before: idAt(doc - 1), after: idAt(doc + 1) }));
  const wanted = candidates.flatMap(({ id, before, after }) => [before, id, after]).filter((id) => id !== '');
  const rows = new Map((await deps.store.chunks.withSources(agent.id, [...new Set(wanted)])).map((row) => [row.id, row]));
  const wantSentences = bySentence || (options.excerptSentences ?? 0) > 0;
  if (wantSentences && queryVector) {
    const scored = bySentence ? candidates.slice(0, FUSION.rerankCandidates) : candidates.filter((c) => c.score >= floor).slice(0, limit);
    const own = await passageSentences(deps.embedder, SENTENCE_CACHE, scored.map(({ id }) => ({ id, content: rows.get(id)?.content ?? '', title: rows.get(id)?.source.title ?? '' })), signal);
    scored.forEach((candidate, at) => {
      const sentenceCosines = cosinesOf(own[at] as PassageSentences, queryVector);
      candidate.sentences = { sentences: (own[at] as PassageSentences).sentences, cosines: sentenceCosines };
      candidate.best = sentenceCosines.indexOf(Math.max(...sentenceCosines));
      if (!bySentence || sentenceCosines.length === 0) return;
      candidate.cosine = sentenceCosine(candidate.cosine, sentenceCosines[candidate.best] as number, sentenceCosines.length, calibration);
      candidate.score = score(candidate.cosine, candidate.bm25);
    });
    candidates.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return candidates
    .filter((candidate) => candidate.score >= floor && rows.has(candidate.id))
    .slice(0, limit)
    .map((candidate) => toPassage(candidate, rows, calibration, options));
}

type Row = Awaited<ReturnType<SearchDeps['store']['chunks']['withSources']>>[number];

function toPassage(candidate: Candidate, rows: Map<string, Row>, calibration: ModelCalibration, options: RankOptions): Passage {
  const row = rows.get(candidate.id) as Row;
  const sameSource = (id: string) => (rows.get(id)?.source.id === row.source.id ? rows.get(id)?.content : undefined);
  const { sentences, best } = candidate;
  const widened = sentences && best !== undefined && best >= 0 ? widenAtEdge(row.content, best, sentences.sentences.length, { before: sameSource(candidate.before), after: sameSource(candidate.after) }) : { content: row.content };
  const passage: Passage = { score: candidate.score, content: widened.content, source: row.source };
  if (options.explain) passage.explain = { ...roundParts(scoreParts(candidate.cosine, candidate.bm25, calibration)), cosine: round(candidate.cosine), bm25: round(candidate.bm25) };
  if (options.excerptSentences && sentences) {
    const excerpt = excerptOf(sentences.sentences, sentences.cosines, options.excerptSentences);
    // The sentence the passage was widened with belongs to the answer's context: quoted with it.
    passage.excerpt = [widened.before, excerpt, widened.after].filter(Boolean).join(' ');
  }
  return passage;
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
const roundParts = (parts: ScoreParts): ScoreParts => ({ semantic: round(parts.semantic), keyword: round(parts.keyword) });
