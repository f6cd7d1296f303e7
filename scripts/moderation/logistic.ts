// Weighted logistic regression, trained full-batch with Adam from zero weights: no randomness, so
// the same data gives the same weights on every machine.
export interface Dataset {
  /** Row-major, rows × dimension. */
  features: Float64Array;
  dimension: number;
  labels: Uint8Array;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  /** Weight of a positive example relative to a negative one (classes are unbalanced). */
  positiveWeight: number;
}

export function trainLogistic(data: Dataset, options: TrainOptions): { bias: number; weights: Float64Array } {
  const { features, dimension, labels } = data;
  const rows = labels.length;
  const w = new Float64Array(dimension + 1); // last = bias
  const m = new Float64Array(dimension + 1);
  const v = new Float64Array(dimension + 1);
  const grad = new Float64Array(dimension + 1);
  const beta1 = 0.9;
  const beta2 = 0.999;
  let totalWeight = 0;
  for (let r = 0; r < rows; r += 1) totalWeight += labels[r] ? options.positiveWeight : 1;
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    grad.fill(0);
    for (let r = 0; r < rows; r += 1) {
      const base = r * dimension;
      let z = w[dimension] as number;
      for (let i = 0; i < dimension; i += 1) z += (w[i] as number) * (features[base + i] as number);
      const p = 1 / (1 + Math.exp(-z));
      const y = labels[r] as number;
      const error = (p - y) * (y ? options.positiveWeight : 1);
      for (let i = 0; i < dimension; i += 1) grad[i] = (grad[i] as number) + error * (features[base + i] as number);
      grad[dimension] = (grad[dimension] as number) + error;
    }
    for (let i = 0; i <= dimension; i += 1) {
      const g = (grad[i] as number) / totalWeight + (i < dimension ? options.l2 * (w[i] as number) : 0);
      m[i] = beta1 * (m[i] as number) + (1 - beta1) * g;
      v[i] = beta2 * (v[i] as number) + (1 - beta2) * g * g;
      const mHat = (m[i] as number) / (1 - beta1 ** epoch);
      const vHat = (v[i] as number) / (1 - beta2 ** epoch);
      w[i] = (w[i] as number) - (options.learningRate * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  return { bias: w[dimension] as number, weights: w.slice(0, dimension) };
}
