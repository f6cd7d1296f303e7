/**
 * Calibration of the hybrid score (see docs/search.md). The encoder's cosine similarity
 * is mapped linearly from vectorFloor (unrelated text sits around 0.1) to vectorCeiling (a close
 * paraphrase), clamped to 0..1; BM25 arrives as the fraction of the query's highest possible
 * score. Their weighted sum ranks better than either alone, and 0.3 on it separates answering
 * passages from unrelated ones as well as this set allows (grid-searched on the labelled set in
 * test/fixtures/retrieval; about 81% of answers kept, 77% of unrelated queries empty).
 */
export const SEARCH_CALIBRATION = {
  vectorFloor: 0.05,
  vectorCeiling: 0.7,
  vectorWeight: 0.4,
  minimumScore: 0.3,
};

export function calibrateCosine(cosine: number, calibration = SEARCH_CALIBRATION): number {
  const scaled = (cosine - calibration.vectorFloor) / (calibration.vectorCeiling - calibration.vectorFloor);
  return Math.min(1, Math.max(0, scaled));
}

export function fuseScores(cosine: number, bm25: number, calibration = SEARCH_CALIBRATION): number {
  const fused = calibration.vectorWeight * calibrateCosine(cosine, calibration) + (1 - calibration.vectorWeight) * Math.min(1, bm25);
  return Math.round(fused * 10_000) / 10_000;
}
