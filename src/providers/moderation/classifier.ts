// The learned half of the local moderator, over the USE-lite sentence embedding (512-d, unit length):
// - `harm`: logistic regression, is the message harmful at all;
// - `categories`: one logistic regression per SPEC category, trained on harmful messages only, to
//   name which kind it is (the highest wins);
// - `followUp`: logistic regression, is the message a follow-up that leans on what came before
//   ("keep going", "hypothetically then?"): right after a refusal, such a message is refused too.
// A category is flagged when the harm probability reaches that category's threshold for the
// configured strictness. Weights and thresholds come from scripts/train-moderation.ts
// (`npm run train:moderation`), committed in classifier-weights.json so a retrain is reviewable.
import { readFileSync } from 'node:fs';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../ports/moderator.ts';

export const STRICTNESS_LEVELS = ['strict', 'balanced', 'lenient'] as const;
export type Strictness = (typeof STRICTNESS_LEVELS)[number];

export interface LinearModel {
  bias: number;
  weights: number[];
}

export type Thresholds = Record<Strictness, Record<ModerationCategory, number>>;

export interface ClassifierWeights {
  /** The embedding model the weights were trained on. */
  model: string;
  dimension: number;
  harm: LinearModel;
  categories: Record<ModerationCategory, LinearModel>;
  followUp: LinearModel;
  /** Harm probability at or above which the message is flagged, by strictness and category (chosen on dev). */
  thresholds: Thresholds;
}

export interface ClassifierScore {
  /** Probability that the message is harmful. */
  harm: number;
  /** The category it most resembles. */
  category: ModerationCategory;
}

export const WEIGHTS_URL = new URL('./classifier-weights.json', import.meta.url);

export function loadClassifierWeights(url: URL = WEIGHTS_URL): ClassifierWeights {
  return JSON.parse(readFileSync(url, 'utf8')) as ClassifierWeights;
}

export function probability(model: LinearModel, parts: readonly Float32Array[]): number {
  let z = model.bias;
  let offset = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) z += (model.weights[offset + i] ?? 0) * (part[i] ?? 0);
    offset += part.length;
  }
  return 1 / (1 + Math.exp(-z));
}

export function likeliestCategory(weights: ClassifierWeights, vector: Float32Array): ModerationCategory {
  let best: ModerationCategory = MODERATION_CATEGORIES[0];
  let bestScore = -1;
  for (const category of MODERATION_CATEGORIES) {
    const score = probability(weights.categories[category], [vector]);
    if (score > bestScore) [best, bestScore] = [category, score];
  }
  return best;
}

/** The message alone. */
export function scoreMessage(weights: ClassifierWeights, vector: Float32Array): ClassifierScore {
  return { harm: probability(weights.harm, [vector]), category: likeliestCategory(weights, vector) };
}

/** A message that leans on what came before ("keep going", "hypothetically then?"). */
export function isFollowUp(weights: ClassifierWeights, vector: Float32Array): boolean {
  return probability(weights.followUp, [vector]) >= 0.5;
}
