import { calibrateCosine, type ModelCalibration } from './calibrate-model.ts';

/**
 * The fusion (see docs/search.md). Each signal becomes the probability-like part it contributes:
 * the semantic part from the cosine read on the model's own calibrated scale, the keyword part
 * from BM25 as a fraction of the query's highest possible score; each is a logistic curve fitted
 * on the development questions (never on the held-out ones). The score is their noisy-or, so
 * either part alone can clear the 0.3 floor and agreement of both ranks highest.
 */
export const FUSION = {
  /** Semantic part = logistic(semanticSlope × (calibrated cosine − semanticMidpoint)). */
  semanticSlope: 3,
  semanticMidpoint: 1,
  /** Keyword part = logistic(keywordSlope × (BM25 fraction − keywordMidpoint)); 0 with no shared term. */
  keywordSlope: 10,
  keywordMidpoint: 0.5,
  /** The meaning signal of a re-ranked passage of k ≥ 2 sentences: passageWeight × passage cosine +
   * (1 − passageWeight) × (best sentence cosine − sentencePenalty × the model's spread × log2 k). */
  passageWeight: 0.5,
  sentencePenalty: 0.2,
  /** Passages whose sentences are scored at query time: the best few on the passage signals. */
  rerankCandidates: 8,
  /** How much of the query's own background (its mean cosine with the agent's passages, above the
   * model's unrelated level) lifts the scale: see queryCalibration. The share rises from
   * `background` to `backgroundOneSubject` as that excess grows from backgroundSpreads[0] to
   * backgroundSpreads[1] of the model's spreads (knowledge all on one subject). */
  background: 0.5,
  backgroundOneSubject: 1,
  backgroundSpreads: [2, 3] as const,
  /** Under this many passages the mean is mostly the passages that answer: no lift. */
  backgroundMinPassages: 20,
  /** SPEC §4: results under it are not returned. */
  minimumScore: 0.3,
};

export interface ScoreParts {
  /** 0..1: what the meaning (embedding cosine) contributes. */
  semantic: number;
  /** 0..1: what the shared words (BM25) contribute. */
  keyword: number;
}

const logistic = (value: number): number => 1 / (1 + Math.exp(-value));

export function scoreParts(cosine: number, bm25: number, calibration: ModelCalibration, fusion = FUSION): ScoreParts {
  const semantic = calibration.separates ? logistic(fusion.semanticSlope * (calibrateCosine(cosine, calibration) - (calibration.semanticMidpoint ?? fusion.semanticMidpoint))) : 0;
  const keyword = bm25 > 0 ? logistic(fusion.keywordSlope * (Math.min(1, bm25) - fusion.keywordMidpoint)) : 0;
  return { semantic, keyword };
}

/** 1 − (1 − semantic)(1 − keyword), rounded to 4 decimals: 0..1, and never below either part. */
export function fuseScores(parts: ScoreParts): number {
  return Math.round((1 - (1 - parts.semantic) * (1 - parts.keyword)) * 10_000) / 10_000;
}

/** The lowest cosine whose semantic part reaches `minimum` (Infinity when the model does not
 * separate): a passage under it with no shared term cannot reach the floor, so it is not scored. */
export function semanticCosineFloor(minimum: number, calibration: ModelCalibration, fusion = FUSION): number {
  if (!calibration.separates) return Infinity;
  if (minimum <= 0) return -Infinity;
  if (minimum >= 1) return Infinity;
  const calibrated = (calibration.semanticMidpoint ?? fusion.semanticMidpoint) + Math.log(minimum / (1 - minimum)) / fusion.semanticSlope;
  return calibration.unrelated + calibrated * (calibration.paraphrase - calibration.unrelated);
}

/**
 * The passage's cosine combined with its best sentence's: one sentence often answers, and the
 * rest of the passage dilutes its vector. The best of k sentences is higher than one sentence by
 * chance alone, more so for long passages, so it is discounted in the model's own spread.
 */
export function sentenceCosine(passage: number, bestSentence: number, sentences: number, calibration: ModelCalibration, fusion = FUSION): number {
  if (sentences < 2) return passage;
  const discounted = bestSentence - fusion.sentencePenalty * calibration.spread * Math.log2(sentences);
  return fusion.passageWeight * passage + (1 - fusion.passageWeight) * discounted;
}

/**
 * The model's calibration read against this query and agent: when the query's mean cosine with
 * the agent's passages sits above the model's unrelated level (knowledge all on one subject, where
 * every passage is somewhat close to every question of that subject), the whole scale moves up
 * by a share of the difference: a passage must stand out from its own knowledge base to count as a
 * strong semantic match, on any model. The share is `background`, rising to `backgroundOneSubject`
 * when the difference is two to three of the model's spreads: there (a framework's documentation
 * asked developer questions) the semantic part claimed more than the passages answered on dev.
 */
export function queryCalibration(calibration: ModelCalibration, meanCosine: number, passages: number, fusion = FUSION): ModelCalibration {
  if (!fusion.background || passages < fusion.backgroundMinPassages) return calibration;
  const excess = meanCosine - calibration.unrelated;
  if (excess <= 0) return calibration;
  const [low, high] = fusion.backgroundSpreads;
  const spreads = excess / Math.max(calibration.spread, 1e-6);
  const oneSubject = Math.min(1, Math.max(0, (spreads - low) / (high - low)));
  const lift = excess * (fusion.background + (fusion.backgroundOneSubject - fusion.background) * oneSubject);
  return { ...calibration, unrelated: calibration.unrelated + lift, paraphrase: calibration.paraphrase + lift };
}
