// The learned half of the local moderator, over the USE-lite sentence embedding (512-d, unit length).
// Either of two scorers, whichever measured better on the dev split when it was trained:
// - `mlp`: a small perceptron (one ReLU hidden layer) with a softmax over safe and the six SPEC
//   categories: harm = 1 - P(safe), the category is the likeliest of the six;
// - `harm` + `categories`: a logistic regression for "harmful at all" and one per SPEC category,
//   trained on harmful messages only, to name which kind it is (the highest wins).
// And always:
// - `followUp`: logistic regression, is the message a follow-up that leans on what came before
//   ("keep going", "hypothetically then?"): right after a refusal, such a message is refused too.
// And, when present, `words` (word-ngrams.ts): a logistic regression over the message's words,
// whose log-odds are blended with the scorer's harm log-odds (the category stays the scorer's).
// A category is flagged when the harm probability reaches that category's threshold for the
// configured strictness. Weights and thresholds come from scripts/train-moderation.ts
// (`npm run train:moderation`), committed in classifier-weights.json so a retrain is reviewable.
import { readFileSync } from 'node:fs';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../ports/moderator.ts';
import { wordLogit, type WordModel } from './word-ngrams.ts';

export const STRICTNESS_LEVELS = ['strict', 'balanced', 'lenient'] as const;
export type Strictness = (typeof STRICTNESS_LEVELS)[number];

export interface LinearModel {
  bias: number;
  weights: number[];
}

export type Thresholds = Record<Strictness, Record<ModerationCategory, number>>;

/** One ReLU hidden layer, then a softmax over `classes` (safe first, then SPEC's categories). */
export interface PerceptronModel {
  classes: Array<'safe' | ModerationCategory>;
  hidden: LinearModel[];
  output: LinearModel[];
}

export interface ClassifierWeights {
  /** The embedding model the weights were trained on. */
  model: string;
  dimension: number;
  mlp?: PerceptronModel;
  harm?: LinearModel;
  categories?: Record<ModerationCategory, LinearModel>;
  followUp: LinearModel;
  words?: WordModel;
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
/** The second classifier English and any language but the five read a message alone with (`jointFlag`):
 * trained the same way with the read written sets' English messages too; its strict and balanced
 * thresholds one step up (6% and 4% of dev's safe messages, for 4% and 2%), lenient's as before (0.6%).
 * Its `followUp` model is not read: conversations keep the classifier above. */
export const ENGLISH_WEIGHTS_URL = new URL('./classifier-weights-english.json', import.meta.url);

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

function linearScore(
  harm: LinearModel,
  categories: Record<ModerationCategory, LinearModel>,
  vector: Float32Array,
): ClassifierScore {
  let best: ModerationCategory = MODERATION_CATEGORIES[0];
  let bestScore = -1;
  for (const category of MODERATION_CATEGORIES) {
    const score = probability(categories[category], [vector]);
    if (score > bestScore) [best, bestScore] = [category, score];
  }
  return { harm: probability(harm, [vector]), category: best };
}

function perceptronScore(mlp: PerceptronModel, vector: Float32Array): ClassifierScore {
  const hidden = mlp.hidden.map((unit) => {
    let z = unit.bias;
    for (let i = 0; i < vector.length; i += 1) z += (unit.weights[i] ?? 0) * (vector[i] ?? 0);
    return z > 0 ? z : 0;
  });
  const logits = mlp.output.map((unit) => hidden.reduce((z, h, j) => z + (unit.weights[j] ?? 0) * h, unit.bias));
  const max = Math.max(...logits);
  const exp = logits.map((z) => Math.exp(z - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  let category: ModerationCategory = MODERATION_CATEGORIES[0];
  let best = -1;
  let safe = 0;
  mlp.classes.forEach((label, k) => {
    const p = (exp[k] ?? 0) / sum;
    if (label === 'safe') safe = p;
    else if (p > best) [category, best] = [label, p];
  });
  return { harm: 1 - safe, category };
}

const logOdds = (p: number): number => Math.log(Math.max(p, 1e-12) / Math.max(1 - p, 1e-12));

/** The message alone: `vector` is its embedding, `text` the words it was embedded from. */
export function scoreMessage(weights: ClassifierWeights, vector: Float32Array, text: string): ClassifierScore {
  let score: ClassifierScore;
  if (weights.mlp) score = perceptronScore(weights.mlp, vector);
  else if (weights.harm && weights.categories) score = linearScore(weights.harm, weights.categories, vector);
  else throw new Error('classifier-weights.json has neither an mlp nor harm and categories');
  if (!weights.words) return score;
  const { blend } = weights.words;
  const z = (1 - blend) * logOdds(score.harm) + blend * wordLogit(weights.words, text);
  return { harm: 1 / (1 + Math.exp(-z)), category: score.category };
}

/** A message that leans on what came before ("keep going", "hypothetically then?"). */
export function isFollowUp(weights: ClassifierWeights, vector: Float32Array): boolean {
  return probability(weights.followUp, [vector]) >= 0.5;
}

/** How far a score lies above (positive) or below its category's threshold, in log-odds. */
function margin(weights: ClassifierWeights, score: ClassifierScore, strictness: Strictness): number {
  return logOdds(score.harm) - logOdds(weights.thresholds[strictness][score.category]);
}

/** Two classifiers read one message together: refused when the mean of their margins over their own
 * thresholds is at least 0; a self-harm refusal of the first stands alone (the second, trained with
 * written sets that answer distress, lets through a request for means wrapped in despair that the
 * first refuses). Two models trained on different data err on different messages: over the read
 * English sets the pair made fewer wrong verdicts than the first, and on no set more
 * (docs/research/2026-11-29-moderation-round-fifty-four.md). */
export function jointFlag(
  first: { weights: ClassifierWeights; score: ClassifierScore },
  second: { weights: ClassifierWeights; score: ClassifierScore },
  strictness: Strictness,
): ModerationCategory[] {
  const firstMargin = margin(first.weights, first.score, strictness);
  if (first.score.category === 'self-harm' && firstMargin >= 0) return ['self-harm'];
  if ((firstMargin + margin(second.weights, second.score, strictness)) / 2 < 0) return [];
  // The category: the classifier's whose probability lies further above its threshold (log-odds
  // stretch the differences between near-certain scores, which say little about the kind of harm).
  const above = ({ weights, score }: { weights: ClassifierWeights; score: ClassifierScore }) =>
    score.harm - weights.thresholds[strictness][score.category];
  return [above(second) > above(first) ? second.score.category : first.score.category];
}
