import { readFileSync } from 'node:fs';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';

/**
 * A question adapter: a small learned map, trained for one embedding model, that moves a search
 * question's vector towards the passages that answer such questions and away from passages that
 * only share its topic: q' = q + U·(Vᵀ·q), renormalised, with U and V of `dimension` × `rank`.
 * Only questions pass through it (the query of a search, the calibration probes' questions);
 * passages keep the vectors they were stored with, so no knowledge is embedded again. A model with
 * no adapter file is used as it is. Trained by `npm run train:question-adapter`
 * (scripts/train-question-adapter.ts) from test/fixtures/retrieval/train; docs/search.md, "The
 * offline model's question path", says what it gains.
 */
export interface QuestionAdapterWeights {
  model: string;
  dimension: number;
  rank: number;
  /** Row-major float32, dimension × rank, base64. */
  u: string;
  v: string;
  /** Where the semantic part is one half on the adapted model's calibrated scale (chosen on the
   * development sets with the adapter on; see docs/search.md). */
  semanticMidpoint?: number;
  trainedOn?: unknown;
}

export interface QuestionAdapter {
  readonly model: string;
  readonly semanticMidpoint?: number;
  adapt(question: Float32Array): Float32Array;
}

/** The adapters shipped with Colloquy, by the model name stored with every vector. */
const SHIPPED: Record<string, URL> = {
  'use-lite-512': new URL('./question-adapters/use-lite-512.json', import.meta.url),
};

const loaded = new Map<string, QuestionAdapter | null>();

/** The model's adapter, read once per process; null for a model without one. */
export function questionAdapterFor(model: string): QuestionAdapter | null {
  if (!loaded.has(model)) {
    const file = SHIPPED[model];
    loaded.set(
      model,
      file ? createQuestionAdapter(JSON.parse(readFileSync(file, 'utf8')) as QuestionAdapterWeights) : null,
    );
  }
  return loaded.get(model) ?? null;
}

const floats = (base64: string): Float32Array => {
  const bytes = Buffer.from(base64, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

export function createQuestionAdapter(weights: QuestionAdapterWeights): QuestionAdapter {
  const { dimension, rank } = weights;
  const u = floats(weights.u);
  const v = floats(weights.v);
  if (u.length !== dimension * rank || v.length !== dimension * rank)
    throw new Error(`question adapter for ${weights.model}: expected ${dimension} × ${rank} weights`);
  const projected = new Float64Array(rank);
  return {
    model: weights.model,
    ...(weights.semanticMidpoint !== undefined && { semanticMidpoint: weights.semanticMidpoint }),
    adapt(question) {
      if (question.length !== dimension) return question;
      const adapted = new Float32Array(dimension);
      const norm = Math.sqrt(lowRankStep(u, v, rank, question, projected, adapted));
      if (norm > 0) for (let i = 0; i < dimension; i += 1) adapted[i] = (adapted[i] as number) / norm;
      return adapted;
    },
  };
}

/** out = q + U·(Vᵀ·q), unnormalised (U and V row-major, dimension × rank); `projected` receives
 * Vᵀ·q. Returns ‖out‖². Shared with the training script, which needs the intermediate values. */
export function lowRankStep(
  u: ArrayLike<number>,
  v: ArrayLike<number>,
  rank: number,
  q: ArrayLike<number>,
  projected: Float64Array,
  out: Float32Array | Float64Array,
): number {
  const dimension = q.length;
  projected.fill(0);
  for (let j = 0; j < dimension; j += 1) {
    const value = q[j] as number;
    for (let k = 0; k < rank; k += 1) projected[k] = (projected[k] as number) + (v[j * rank + k] as number) * value;
  }
  let squared = 0;
  for (let i = 0; i < dimension; i += 1) {
    let sum = q[i] as number;
    for (let k = 0; k < rank; k += 1) sum += (u[i * rank + k] as number) * (projected[k] as number);
    out[i] = sum;
    squared += sum * sum;
  }
  return squared;
}

/** Vectors for search questions under the embedder's model: embedded, then adapted when the
 * model has an adapter; when the model also has a question path of its own (the offline model's
 * question tower), the normalised sum of the two: an ensemble of the two learned question maps,
 * chosen on the development sets over either alone (docs/search.md, "The offline model's question path"). Both run at once (the local
 * embedder's two workers). */
export async function embedQuestions(
  embedder: Pick<EmbeddingProvider, 'model' | 'embed' | 'embedQuestions'>,
  texts: readonly string[],
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  const [vectors, tower] = await Promise.all([embedder.embed(texts, signal), embedder.embedQuestions?.(texts, signal)]);
  const adapter = questionAdapterFor(embedder.model);
  const adapted = adapter ? vectors.map((vector) => adapter.adapt(vector)) : vectors;
  return tower ? adapted.map((vector, i) => combineQuestionVectors(vector, tower[i] as Float32Array)) : adapted;
}

/** The adapted question and the tower's, as one unit vector: their normalised sum. */
export function combineQuestionVectors(a: Float32Array, b: Float32Array): Float32Array {
  if (a.length !== b.length) return a;
  const sum = new Float32Array(a.length);
  let squared = 0;
  for (let i = 0; i < a.length; i += 1) {
    sum[i] = (a[i] as number) + (b[i] as number);
    squared += (sum[i] as number) ** 2;
  }
  const norm = Math.sqrt(squared);
  if (norm > 0) for (let i = 0; i < sum.length; i += 1) sum[i] = (sum[i] as number) / norm;
  return sum;
}
