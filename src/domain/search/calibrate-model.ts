import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import { CALIBRATION_PROBES } from './calibration-probes.ts';

/**
 * Where one embedding model puts unrelated text and paraphrases, measured on the probe pairs: the
 * semantic part of a score is read on this model's own scale, so a model whose cosines all sit in
 * 0.6–0.9 is judged as fairly as one whose unrelated pairs sit near 0.1.
 */
export interface ModelCalibration {
  model: string;
  /** Mean cosine of a probe question with the passages that do not answer it. */
  unrelated: number;
  /** Mean cosine of a probe question with the passage that answers it in other words. */
  paraphrase: number;
  /** Standard deviation of the unrelated cosines. */
  spread: number;
  /** False when paraphrases sit less than one spread above unrelated text: the model's cosines
   * say nothing about meaning (a bag-of-words or random model), and only keywords are scored. */
  separates: boolean;
}

export async function measureCalibration(embedder: EmbeddingProvider, signal?: AbortSignal): Promise<ModelCalibration> {
  // One call for both sides (questions first): the model embeds a question as it does a passage.
  const vectors = await embedder.embed(
    [...CALIBRATION_PROBES.map((probe) => probe.question), ...CALIBRATION_PROBES.map((probe) => probe.passage)],
    signal,
  );
  const questions = vectors.slice(0, CALIBRATION_PROBES.length);
  const passages = vectors.slice(CALIBRATION_PROBES.length);
  const related: number[] = [];
  const unrelated: number[] = [];
  questions.forEach((question, i) =>
    passages.forEach((passage, j) => (i === j ? related : unrelated).push(dot(question, passage))),
  );
  const unrelatedMean = mean(unrelated);
  const paraphrase = mean(related);
  const spread = Math.sqrt(mean(unrelated.map((value) => (value - unrelatedMean) ** 2)));
  return {
    model: embedder.model,
    unrelated: round(unrelatedMean),
    paraphrase: round(paraphrase),
    spread: round(spread),
    separates: paraphrase - unrelatedMean >= Math.max(spread, 0.01),
  };
}

/** A cosine on the model's scale: 0 is typical unrelated text, 1 a typical paraphrase. */
export function calibrateCosine(cosine: number, calibration: ModelCalibration): number {
  if (!calibration.separates) return 0;
  return (cosine - calibration.unrelated) / (calibration.paraphrase - calibration.unrelated);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const round = (value: number): number => Math.round(value * 10_000) / 10_000;
