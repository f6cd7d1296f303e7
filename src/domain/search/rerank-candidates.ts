import type { ModelCalibration } from './calibrate-model.ts';
import RERANK_MODEL from './rerank-model.json' with { type: 'json' };

/**
 * The second stage of the ranking, off by default (FUSION.secondStage; docs/search.md, "A second
 * stage that only reorders"). The first
 * stage's two parts say how strongly a passage matches on its own; they do not say which of an
 * agent's passages matches best, and on knowledge all on one subject every passage is a fair
 * semantic match for every question. So the candidates are scored together: each gets the
 * probability that it answers from a small logistic model over its two parts, its rank among the
 * candidates on each signal, and how far its meaning stands out from the runner-up, in the
 * model's own spread (so the same weights hold for any embedding model); the last two again,
 * weighed down on knowledge all on one subject (see oneSubject). The weights are fitted
 * on the dev splits by scripts/search/fit-fusion.ts and stored in rerank-model.json. Its
 * probability only orders the candidates: their relative features put the best of an unrelated
 * question's candidates first too, so it must never decide whether anything is returned.
 */
export interface RerankModel {
  features: readonly string[];
  weights: readonly number[];
  bias: number;
}

export const RERANK_FEATURES = ['semantic', 'keyword', 'meaningRank', 'keywordRank', 'meaningLead', 'meaningRankBroad', 'meaningLeadBroad'] as const;

/**
 * 0..1: how far the query's mean cosine with the agent's passages (its background) lies above the
 * model's unrelated level, in the model's spreads, 4 spreads or more being 1. Knowledge all on one
 * subject sits high: there every passage is close to every question, and the order by meaning says
 * less (the `…Broad` features count meaning's rank and lead the less, the higher it is). Under 20
 * passages the mean is mostly the passages that answer: 0.
 */
export function oneSubject(background: number, calibration: ModelCalibration, passages: number, minimumPassages: number): number {
  if (passages < minimumPassages || !calibration.separates) return 0;
  return Math.min(4, Math.max(0, (background - calibration.unrelated) / Math.max(calibration.spread, 1e-6))) / 4;
}

export interface RerankInput {
  /** The first stage's parts (0..1). */
  semantic: number;
  keyword: number;
  /** The meaning signal (sentence-combined where re-scored) and the BM25 fraction. */
  cosine: number;
  bm25: number;
}

/** One row of features per candidate, in RERANK_FEATURES' order. Equal signals share a rank. */
export function rerankFeatures(candidates: readonly RerankInput[], calibration: ModelCalibration, subject = 0): number[][] {
  const meaningRank = ranksOf(candidates.map((c) => c.cosine));
  const keywordRank = ranksOf(candidates.map((c) => c.bm25));
  const sorted = candidates.map((c) => c.cosine).sort((a, b) => b - a);
  const runnerUp = sorted[1];
  const spread = Math.max(calibration.spread, 1e-6);
  return candidates.map((c, at) => {
    const rank = 1 / (1 + (meaningRank[at] as number));
    const lead = runnerUp === undefined ? 0 : (c.cosine - runnerUp) / spread;
    return [c.semantic, c.keyword, rank, c.bm25 > 0 ? 1 / (1 + (keywordRank[at] as number)) : 0, lead, rank * (1 - subject), lead * (1 - subject)];
  });
}

export function rerankScore(features: readonly number[], model: RerankModel = RERANK_MODEL): number {
  let z = model.bias;
  features.forEach((value, i) => (z += (model.weights[i] ?? 0) * value));
  return Math.round((1 / (1 + Math.exp(-z))) * 10_000) / 10_000;
}

export const rerankModel: RerankModel = RERANK_MODEL;

/** Each value's rank, 0 for the highest: the number of values strictly above it, so equal values
 * (the same passage held in several sources) share a rank and get the same score. */
function ranksOf(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => b - a);
  return values.map((value) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] as number) > value) low = middle + 1;
      else high = middle;
    }
    return low;
  });
}
