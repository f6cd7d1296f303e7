import { exactSearch, MetricKind, inner } from './native-vector-math.ts';

/**
 * The int8 copy of an index's vectors that the first pass of a search scans: a quarter of the
 * float32 bytes. Each vector v is stored as codes q and a scale s (v ≈ s·q), with two norms that
 * bound the error of the approximate cosine, so passages that cannot reach the results are dropped
 * without an exact score and none that can is missed.
 */
export interface QuantizedVectors {
  dimension: number;
  codes: Int8Array;
  scales: Float64Array;
  /** ‖s·q‖₂ per vector. */
  codeNorms: Float64Array;
  /** ‖v − s·q‖₂ per vector. */
  residuals: Float64Array;
  /** The extremes of the above over every vector ever quantized here (a deleted one's included:
   * still bounds for the vectors left), for one bound that holds for every passage at once. */
  largestScale: number;
  smallestScale: number;
  largestCodeNorm: number;
  largestResidual: number;
  bytes: number;
}

export function createQuantizedVectors(capacity: number, dimension: number): QuantizedVectors {
  const vectors: QuantizedVectors = {
    dimension,
    codes: new Int8Array(capacity * dimension),
    scales: new Float64Array(capacity),
    codeNorms: new Float64Array(capacity),
    residuals: new Float64Array(capacity),
    largestScale: 0,
    smallestScale: Infinity,
    largestCodeNorm: 0,
    largestResidual: 0,
    bytes: 0,
  };
  // Codes and three doubles per slot.
  vectors.bytes = capacity * (dimension + 24);
  return vectors;
}

/** A larger copy holding the first `used` slots. */
export function growQuantized(old: QuantizedVectors, capacity: number, used: number): QuantizedVectors {
  const grown = createQuantizedVectors(capacity, old.dimension);
  grown.codes.set(old.codes.subarray(0, used * old.dimension));
  grown.scales.set(old.scales.subarray(0, used));
  grown.codeNorms.set(old.codeNorms.subarray(0, used));
  grown.residuals.set(old.residuals.subarray(0, used));
  grown.largestScale = old.largestScale;
  grown.smallestScale = old.smallestScale;
  grown.largestCodeNorm = old.largestCodeNorm;
  grown.largestResidual = old.largestResidual;
  return grown;
}

export function quantize(target: QuantizedVectors, slot: number, vector: Float32Array): void {
  const { dimension, codes } = target;
  let largest = 0;
  for (let d = 0; d < dimension; d += 1) {
    const magnitude = Math.abs(vector[d] as number);
    if (magnitude > largest) largest = magnitude;
  }
  const scale = largest / 127;
  let codeNorm = 0;
  let residual = 0;
  const offset = slot * dimension;
  for (let d = 0; d < dimension; d += 1) {
    const value = vector[d] as number;
    const code = scale > 0 ? Math.round(value / scale) : 0;
    codes[offset + d] = code;
    const decoded = code * scale;
    codeNorm += decoded * decoded;
    residual += (value - decoded) * (value - decoded);
  }
  target.scales[slot] = scale;
  target.codeNorms[slot] = Math.sqrt(codeNorm);
  target.residuals[slot] = Math.sqrt(residual);
  target.largestScale = Math.max(target.largestScale, scale);
  target.smallestScale = Math.min(target.smallestScale, scale);
  target.largestCodeNorm = Math.max(target.largestCodeNorm, target.codeNorms[slot] as number);
  target.largestResidual = Math.max(target.largestResidual, target.residuals[slot] as number);
}

export function moveQuantized(target: QuantizedVectors, from: number, to: number): void {
  const { dimension } = target;
  target.codes.copyWithin(to * dimension, from * dimension, (from + 1) * dimension);
  target.scales[to] = target.scales[from] as number;
  target.codeNorms[to] = target.codeNorms[from] as number;
  target.residuals[to] = target.residuals[from] as number;
}

// Slack for float rounding in the exact score and the bound's own arithmetic.
const ROUNDING = 1e-6;

/**
 * Bounds from above on the query's cosine with every passage (each ≥ the exact cosine): the
 * `count` vectors with the largest int8 dot product get their own, found in one native scan of
 * the codes (usearch's exact search, which keeps only the best `count`: one call where a call per
 * vector cost more than the scan itself); every other vector's dot product is at most the last of
 * those, which gives one bound, `rest`, for all of them, and `of(slot)` a tighter one on demand.
 * Dead slots are scanned too (their codes stay until the index is compacted): callers skip them.
 */
export interface CosineBounds {
  /** Slots with a bound of their own (the best by int8 dot product) and those bounds. */
  slots: number[];
  ceilings: number[];
  /** A bound for every slot not in `slots`. */
  rest: number;
  /** One slot's own bound. */
  of(slot: number): number;
}

/**
 * For the first `slots` vectors, the approximate cosine s·t·(q·p) plus its largest error,
 * |v·x − s·t·(q·p)| ≤ ‖s·q‖·‖x − t·p‖ + ‖v − s·q‖·‖x‖ (Cauchy–Schwarz on both residuals).
 */
export function cosineBounds(
  target: QuantizedVectors,
  slots: number,
  query: Float32Array,
  count: number,
): CosineBounds {
  const { dimension, codes, scales, codeNorms, residuals } = target;
  const coded = quantizeQuery(query, dimension);
  const error = (slot: number) =>
    (codeNorms[slot] as number) * coded.residual + (residuals[slot] as number) * coded.norm + ROUNDING;
  const of = (slot: number) =>
    (scales[slot] as number) *
      coded.scale *
      inner(codes.subarray(slot * dimension, (slot + 1) * dimension), coded.codes) +
    error(slot);
  const kept = Math.min(count, slots);
  if (kept === 0) return { slots: [], ceilings: [], rest: -Infinity, of };
  const found = exactSearch(codes.subarray(0, slots * dimension), coded.codes, dimension, kept, MetricKind.IP, 1);
  const best: number[] = [];
  const ceilings: number[] = [];
  // The distance is 1 − the integer dot product in float32: exact while |q·p| < 2²⁴, which 127²·512
  // is under; past that (wider vectors) it may be rounded, so each dot product read is raised by
  // the largest relative error of the two roundings.
  let lowest = Infinity;
  for (let i = 0; i < found.keys.length; i += 1) {
    const slot = Number(found.keys[i]);
    const read = 1 - (found.distances[i] as number);
    const dot = read + Math.abs(read) * 2 ** -22;
    lowest = Math.min(lowest, dot);
    best.push(slot);
    ceilings.push((scales[slot] as number) * coded.scale * dot + error(slot));
  }
  if (kept === slots) return { slots: best, ceilings, rest: -Infinity, of };
  // Any other slot's dot product is at most `lowest`; its scale and error at most the extremes.
  const scale = lowest >= 0 ? target.largestScale : target.smallestScale;
  const rest =
    scale * coded.scale * lowest +
    target.largestCodeNorm * coded.residual +
    target.largestResidual * coded.norm +
    ROUNDING;
  return { slots: best, ceilings, rest, of };
}

/** The query's own int8 codes, scale, norm and quantization error. */
function quantizeQuery(
  query: Float32Array,
  dimension: number,
): { codes: Int8Array; scale: number; norm: number; residual: number } {
  let largest = 0;
  for (let d = 0; d < dimension; d += 1) largest = Math.max(largest, Math.abs(query[d] ?? 0));
  const scale = largest / 127;
  const codes = new Int8Array(dimension);
  let norm = 0;
  let residual = 0;
  for (let d = 0; d < dimension; d += 1) {
    const value = query[d] ?? 0;
    const code = scale > 0 ? Math.round(value / scale) : 0;
    codes[d] = code;
    norm += value * value;
    residual += (value - code * scale) ** 2;
  }
  return { codes, scale, norm: Math.sqrt(norm), residual: Math.sqrt(residual) };
}
