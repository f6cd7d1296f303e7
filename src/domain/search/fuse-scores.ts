import { calibrateCosine, type ModelCalibration } from './calibrate-model.ts';

/**
 * The ranking (see docs/search.md). Order and score are separate:
 * - the ORDER fuses the two rankings (BM25 and the embedding cosine) by reciprocal rank, each
 *   weighted per question: the more information (nats of IDF) the question's words carry in the
 *   passage that matches them best, the more the keyword ranking counts. Developer questions on
 *   large documentation share rare names with their answer; paraphrased questions on a small
 *   knowledge base share nothing telling, and meaning leads;
 * - the SCORE says how sure the passage is an answer, from absolute signals only, so that an
 *   unrelated question gets nothing whatever the order: the noisy-or of a semantic part (the cosine
 *   on the model's calibrated scale) and a keyword part (the nats of IDF of the question's terms
 *   the passage holds). As many of the fused order's first passages are returned as there are
 *   candidates sure enough on their own (see shownScores).
 * The numbers were chosen by scripts/search/fit-ranking.ts on the development splits of every
 * labelled set, never on the held-out ones.
 */
export const RANKING = {
  /** Candidates taken from each ranking before they are fused. */
  candidatesPerSignal: 30,
  /** Reciprocal rank fusion's constant: 1 / (k + rank). */
  fusionK: 10,
  /** Keyword weight = logistic(keywordTrustSlope × (best matched IDF − keywordTrustNats)). */
  keywordTrustSlope: 1,
  keywordTrustNats: 6,
  /** Semantic part = logistic(semanticSlope × (calibrated cosine − semanticMidpoint)). */
  semanticSlope: 3,
  semanticMidpoint: 1,
  /** Keyword part: the noisy-or of two ways a passage can plainly hold what the question says.
   * By information: logistic(keywordSlope × (matched IDF − keywordNats)). IDF is information: a
   * term in one passage of 1,500 carries 6.9 nats, one in one of 20 carries 2.6, so a few rare
   * terms of a large knowledge base pass on their own and a small one leans on meaning. */
  keywordSlope: 1.5,
  keywordNats: 9,
  /** By coverage: logistic(coverageSlope × (share of the question's IDF matched − coverageShare)):
   * a passage holding (nearly) every informative word of the question ("parking") passes however
   * small the knowledge base. */
  coverageSlope: 20,
  coverageShare: 0.9,
  /** SPEC §4: results under it are not returned. */
  minimumScore: 0.3,
};

export interface ScoreParts {
  /** 0..1: what the meaning (embedding cosine) contributes. */
  semantic: number;
  /** 0..1: what the shared words (their IDF) contribute. */
  keyword: number;
}

/** What one candidate brings to the fusion. */
export interface CandidateSignals {
  cosine: number;
  /** BM25 as a fraction of the highest score the question's terms could reach. */
  bm25: number;
  /** Sum of the IDF of the question's distinct terms that the passage holds. */
  matchedIdf: number;
}

const logistic = (value: number): number => 1 / (1 + Math.exp(-value));

/** `queryIdf`: the summed IDF of the question's distinct terms. */
export function scoreParts(
  signals: CandidateSignals,
  queryIdf: number,
  calibration: ModelCalibration,
  ranking = RANKING,
): ScoreParts {
  const semantic = calibration.separates
    ? logistic(ranking.semanticSlope * (calibrateCosine(signals.cosine, calibration) - ranking.semanticMidpoint))
    : 0;
  if (signals.matchedIdf <= 0) return { semantic, keyword: 0 };
  const information = logistic(ranking.keywordSlope * (signals.matchedIdf - ranking.keywordNats));
  const coverage =
    queryIdf > 0 ? logistic(ranking.coverageSlope * (signals.matchedIdf / queryIdf - ranking.coverageShare)) : 0;
  return { semantic, keyword: 1 - (1 - information) * (1 - coverage) };
}

/** 1 − (1 − semantic)(1 − keyword), rounded to 4 decimals: 0..1, and never below either part. */
export function fuseScores(parts: ScoreParts): number {
  return Math.round((1 - (1 - parts.semantic) * (1 - parts.keyword)) * 10_000) / 10_000;
}

/** How much the keyword ranking counts in this question's order, 0..1. */
export function keywordTrust(candidates: readonly CandidateSignals[], ranking = RANKING): number {
  const best = Math.max(0, ...candidates.map((candidate) => candidate.matchedIdf));
  return logistic(ranking.keywordTrustSlope * (best - ranking.keywordTrustNats));
}

/** Each candidate's place in the fused order (higher first): its reciprocal rank in each ranking,
 * weighted by the question's keyword trust; a passage sharing no term has no keyword rank. */
export function fusedOrder(candidates: readonly CandidateSignals[], ranking = RANKING): number[] {
  const trust = keywordTrust(candidates, ranking);
  const byBm25 = rankOf(candidates.map((candidate) => candidate.bm25));
  const byCosine = rankOf(candidates.map((candidate) => candidate.cosine));
  return candidates.map(
    (candidate, i) =>
      (candidate.bm25 > 0 ? trust / (ranking.fusionK + 1 + (byBm25[i] as number)) : 0) +
      (1 - trust) / (ranking.fusionK + 1 + (byCosine[i] as number)),
  );
}

/** Each value's rank (0 = highest), ties by position. */
function rankOf(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => (values[b] as number) - (values[a] as number) || a - b);
  const ranks = new Array<number>(values.length);
  order.forEach((index, rank) => (ranks[index] = rank));
  return ranks;
}

/**
 * What a search returns, given its candidates' own scores in the fused order: as many of the
 * order's first passages as there are candidates whose own score clears the floor, each shown with
 * its own score, capped by the score above it (results stay sorted) and raised to the floor (the
 * order counts it among the answers). So no passage is shown surer than its own evidence, and an
 * unrelated question, with no sure candidate, gets nothing.
 */
export function shownScores(ownScoresInOrder: readonly number[], floor: number): number[] {
  const sure = ownScoresInOrder.filter((score) => score >= floor).length;
  const shown: number[] = [];
  for (const own of ownScoresInOrder.slice(0, sure)) shown.push(Math.max(floor, Math.min(own, shown.at(-1) ?? 1)));
  return shown;
}
