// Trains a question adapter q' = q + U·(Vᵀ·q) (src/domain/search/question-adapter.ts) with one
// softmax per question over its agent's passages plus a "nothing here answers" option, whose logit
// is a learned cosine level: an answerable question learns to sit closer to its passage than to
// the others and above that level; an unanswerable one, under it for every passage. Full-batch Adam
// from a seeded start, so the same data gives the same weights on every machine.
import { lowRankStep } from '../../src/domain/search/question-adapter.ts';

export interface AdapterAgent {
  /** Unit vectors of the agent's passages, as stored (title and content). */
  passages: Float64Array[];
  /** Unit vectors of questions; `target` is the index of the passage that answers, −1 for none. */
  questions: Array<{ vector: Float64Array; target: number }>;
}

export interface AdapterOptions {
  rank: number;
  epochs: number;
  learningRate: number;
  l2: number;
  /** Softmax temperature over cosines. */
  temperature: number;
}

export interface TrainedAdapter {
  dimension: number;
  rank: number;
  u: Float64Array;
  v: Float64Array;
  /** The learned "nothing answers" cosine level (diagnostic). */
  noneLevel: number;
  loss: number;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

export function trainAdapter(
  agents: readonly AdapterAgent[],
  dimension: number,
  options: AdapterOptions,
): TrainedAdapter {
  const { rank, temperature } = options;
  const random = seeded(7);
  const size = dimension * rank;
  const params = new Float64Array(2 * size + 1);
  for (let k = 0; k < size; k += 1) params[k] = random() * 0.02; // U; V starts at 0, so q' = q at first
  params[2 * size] = 0.35; // the "none" cosine level
  const m = new Float64Array(params.length);
  const s2 = new Float64Array(params.length);
  const grad = new Float64Array(params.length);
  const projected = new Float64Array(rank);
  const back = new Float64Array(rank);
  const adapted = new Float64Array(dimension);
  const dAdapted = new Float64Array(dimension);
  let loss = 0;
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    grad.fill(0);
    loss = 0;
    let count = 0;
    for (const agent of agents) {
      for (const { vector: q, target } of agent.questions) {
        const norm = Math.sqrt(
          lowRankStep(params.subarray(0, size), params.subarray(size, 2 * size), rank, q, projected, adapted),
        );
        for (let i = 0; i < dimension; i += 1) adapted[i] = (adapted[i] as number) / norm;
        const cosines = agent.passages.map((p) => {
          let sum = 0;
          for (let i = 0; i < dimension; i += 1) sum += (adapted[i] as number) * (p[i] as number);
          return sum;
        });
        const logits = [...cosines, params[2 * size] as number].map((c) => c / temperature);
        const top = Math.max(...logits);
        const exp = logits.map((z) => Math.exp(z - top));
        const total = exp.reduce((a, b) => a + b, 0);
        const probability = exp.map((e) => e / total);
        const want = target < 0 ? cosines.length : target;
        loss -= Math.log(probability[want] as number);
        count += 1;
        // d loss / d adapted (unnormalised) = Σ_j g_j (p_j − c_j·â) / ‖a‖
        dAdapted.fill(0);
        cosines.forEach((cosine, j) => {
          const g = ((probability[j] as number) - (j === want ? 1 : 0)) / temperature / norm;
          if (Math.abs(g) < 1e-12) return;
          const p = agent.passages[j] as Float64Array;
          for (let i = 0; i < dimension; i += 1)
            dAdapted[i] = (dAdapted[i] as number) + g * ((p[i] as number) - cosine * (adapted[i] as number));
        });
        grad[2 * size] =
          (grad[2 * size] as number) +
          ((probability[cosines.length] as number) - (want === cosines.length ? 1 : 0)) / temperature;
        back.fill(0);
        for (let i = 0; i < dimension; i += 1)
          for (let k = 0; k < rank; k += 1)
            back[k] = (back[k] as number) + (params[i * rank + k] as number) * (dAdapted[i] as number);
        for (let i = 0; i < dimension; i += 1)
          for (let k = 0; k < rank; k += 1)
            grad[i * rank + k] = (grad[i * rank + k] as number) + (dAdapted[i] as number) * (projected[k] as number);
        for (let j = 0; j < dimension; j += 1)
          for (let k = 0; k < rank; k += 1)
            grad[size + j * rank + k] = (grad[size + j * rank + k] as number) + (q[j] as number) * (back[k] as number);
      }
    }
    loss /= count;
    for (let k = 0; k < params.length; k += 1) {
      let g = (grad[k] as number) / count;
      if (k < 2 * size) g += options.l2 * (params[k] as number);
      m[k] = 0.9 * (m[k] as number) + 0.1 * g;
      s2[k] = 0.999 * (s2[k] as number) + 0.001 * g * g;
      const mHat = (m[k] as number) / (1 - 0.9 ** epoch);
      const sHat = (s2[k] as number) / (1 - 0.999 ** epoch);
      params[k] = (params[k] as number) - (options.learningRate * mHat) / (Math.sqrt(sHat) + 1e-8);
    }
  }
  return {
    dimension,
    rank,
    u: params.slice(0, size),
    v: params.slice(size, 2 * size),
    noneLevel: params[2 * size] as number,
    loss,
  };
}
