/**
 * Calibration of the hybrid score (see README, "Search scores"). Cosine similarity of the
 * sentence encoder is mapped linearly from VECTOR_FLOOR (unrelated text scores about 0.1) to
 * VECTOR_CEILING (a close paraphrase), clamped to 0..1; BM25 arrives as the fraction of the
 * query's highest possible score. The weighted sum lands at or above 0.3 for passages that answer
 * or share the query's subject, and below for unrelated ones, on the labelled set in
 * test/fixtures/retrieval (tuned there, checked on both storage engines).
 */
export const SEARCH_CALIBRATION = {
  vectorFloor: 0.15,
  vectorCeiling: 0.65,
  vectorWeight: 0.6,
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
