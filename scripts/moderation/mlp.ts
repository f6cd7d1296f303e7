// A one-hidden-layer perceptron (ReLU, softmax over the classes), trained with mini-batch Adam.
// Deterministic: the initial weights and the order of the batches come from a seeded generator, so
// the same data gives the same weights on every machine.
import { seededRandom } from './augment.ts';

export interface MlpData {
  /** Row-major, rows × dimension. */
  features: Float64Array;
  dimension: number;
  /** Class index of each row, 0 … classes-1. */
  labels: Uint8Array;
  classes: number;
}

export interface MlpOptions {
  hidden: number;
  epochs: number;
  batch: number;
  learningRate: number;
  l2: number;
  seed: number;
}

export interface MlpParameters {
  hidden: number;
  /** hidden × dimension, then hidden biases. */
  w1: Float64Array;
  b1: Float64Array;
  /** classes × hidden, then class biases. */
  w2: Float64Array;
  b2: Float64Array;
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export class Adam {
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private step = 0;
  private readonly params: Float64Array;
  private readonly rate: number;
  constructor(params: Float64Array, rate: number) {
    this.params = params;
    this.rate = rate;
    this.m = new Float64Array(params.length);
    this.v = new Float64Array(params.length);
  }
  apply(grad: Float64Array, l2: number): void {
    this.step += 1;
    const c1 = 1 - 0.9 ** this.step;
    const c2 = 1 - 0.999 ** this.step;
    for (let i = 0; i < this.params.length; i += 1) {
      const g = (grad[i] as number) + l2 * (this.params[i] as number);
      this.m[i] = 0.9 * (this.m[i] as number) + 0.1 * g;
      this.v[i] = 0.999 * (this.v[i] as number) + 0.001 * g * g;
      this.params[i] =
        (this.params[i] as number) -
        (this.rate * ((this.m[i] as number) / c1)) / (Math.sqrt((this.v[i] as number) / c2) + 1e-8);
    }
  }
}

/** Class probabilities of one row (features from `offset` in `x`); fills `h` with the hidden layer. */
export function forward(
  p: MlpParameters,
  x: ArrayLike<number>,
  offset: number,
  dimension: number,
  h: Float64Array,
  out: Float64Array,
): void {
  for (let j = 0; j < p.hidden; j += 1) {
    let z = p.b1[j] as number;
    const base = j * dimension;
    for (let i = 0; i < dimension; i += 1) z += (p.w1[base + i] as number) * (x[offset + i] as number);
    h[j] = z > 0 ? z : 0;
  }
  let max = -Infinity;
  for (let k = 0; k < out.length; k += 1) {
    let z = p.b2[k] as number;
    for (let j = 0; j < p.hidden; j += 1) z += (p.w2[k * p.hidden + j] as number) * (h[j] as number);
    out[k] = z;
    if (z > max) max = z;
  }
  let sum = 0;
  for (let k = 0; k < out.length; k += 1) sum += out[k] = Math.exp((out[k] as number) - max);
  for (let k = 0; k < out.length; k += 1) out[k] = (out[k] as number) / sum;
}

export function trainMlp(data: MlpData, options: MlpOptions): MlpParameters {
  const { features, dimension, labels, classes } = data;
  const { hidden } = options;
  const random = seededRandom(options.seed);
  const p: MlpParameters = {
    hidden,
    w1: Float64Array.from({ length: hidden * dimension }, () => gaussian(random) * Math.sqrt(2 / dimension)),
    b1: new Float64Array(hidden),
    w2: Float64Array.from({ length: classes * hidden }, () => gaussian(random) * Math.sqrt(1 / hidden)),
    b2: new Float64Array(classes),
  };
  const grads = {
    w1: new Float64Array(p.w1.length),
    b1: new Float64Array(hidden),
    w2: new Float64Array(p.w2.length),
    b2: new Float64Array(classes),
  };
  const adams = {
    w1: new Adam(p.w1, options.learningRate),
    b1: new Adam(p.b1, options.learningRate),
    w2: new Adam(p.w2, options.learningRate),
    b2: new Adam(p.b2, options.learningRate),
  };
  const order = Array.from({ length: labels.length }, (_, i) => i);
  const h = new Float64Array(hidden);
  const out = new Float64Array(classes);
  const dh = new Float64Array(hidden);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (let start = 0; start < order.length; start += options.batch) {
      const rows = order.slice(start, start + options.batch);
      for (const g of Object.values(grads)) g.fill(0);
      for (const r of rows) accumulate(p, grads, features, r * dimension, dimension, labels[r] as number, h, out, dh);
      for (const g of Object.values(grads)) for (let i = 0; i < g.length; i += 1) g[i] = (g[i] as number) / rows.length;
      adams.w1.apply(grads.w1, options.l2);
      adams.b1.apply(grads.b1, 0);
      adams.w2.apply(grads.w2, options.l2);
      adams.b2.apply(grads.b2, 0);
    }
  }
  return p;
}

type Grads = Omit<MlpParameters, 'hidden'>;

/** Cross-entropy gradient of one row, added to `g`. */
function accumulate(
  p: MlpParameters,
  g: Grads,
  x: Float64Array,
  offset: number,
  dimension: number,
  label: number,
  h: Float64Array,
  out: Float64Array,
  dh: Float64Array,
): void {
  forward(p, x, offset, dimension, h, out);
  dh.fill(0);
  for (let k = 0; k < out.length; k += 1) {
    const dz = (out[k] as number) - (k === label ? 1 : 0);
    g.b2[k] = (g.b2[k] as number) + dz;
    for (let j = 0; j < p.hidden; j += 1) {
      g.w2[k * p.hidden + j] = (g.w2[k * p.hidden + j] as number) + dz * (h[j] as number);
      dh[j] = (dh[j] as number) + dz * (p.w2[k * p.hidden + j] as number);
    }
  }
  for (let j = 0; j < p.hidden; j += 1) {
    if ((h[j] as number) <= 0) continue;
    const d = dh[j] as number;
    g.b1[j] = (g.b1[j] as number) + d;
    const base = j * dimension;
    for (let i = 0; i < dimension; i += 1) g.w1[base + i] = (g.w1[base + i] as number) + d * (x[offset + i] as number);
  }
}
