// Outside English, the local moderator's harm verdict combines its two readers: the language model
// (language-model.ts, which reads the six languages) and the USE-lite classifier (classifier.ts,
// an English model that still catches requests by the words they share with English, and refuses
// honest messages by their topic). A logistic regression over both scores, the language model's
// care and a per-language offset, fitted on messages neither reader was trained on (the language
// model's out-of-fold scores: scripts/moderation/fit-combiner.ts). Either reader alone, or both
// refusing whenever one did, lost recall or refused more honest messages (research notes of
// 2026-11-28).
import type { ClassifierScore, Strictness } from './classifier.ts';
import type { LanguageScore } from './language-model.ts';

export interface Combiner {
  bias: number;
  /** One per feature of `combinerFeatures`, in its order. */
  weights: number[];
  /** Offset per language (ISO 639-3: "fra", "spa", …). */
  languages: Record<string, number>;
  /** Combined harm probability from which a message is refused, by strictness. */
  thresholds: Record<Strictness, number>;
}

const logOdds = (p: number): number => Math.log(Math.max(p, 1e-6) / Math.max(1 - p, 1e-6));

/** The language model's harm and care (log-odds), the classifier's harm (log-odds) and its margin
 * over the `balanced` threshold of its category (whose thresholds differ by category). */
export function combinerFeatures(
  reading: LanguageScore,
  score: ClassifierScore,
  classifierThreshold: number,
): number[] {
  return [logOdds(reading.harm), logOdds(reading.care), logOdds(score.harm), 10 * (score.harm - classifierThreshold)];
}

/** The probability that the message asks for harm, from both readers. */
export function combinedHarm(combiner: Combiner, features: readonly number[], language: string): number {
  let z = combiner.bias + (combiner.languages[language] ?? 0);
  features.forEach((value, i) => (z += value * (combiner.weights[i] ?? 0)));
  return 1 / (1 + Math.exp(-z));
}
