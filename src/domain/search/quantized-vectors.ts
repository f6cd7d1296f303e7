import { inner } from './simsimd.ts';

/**
 * The int8 copy of an index's vectors that the first pass of a search scans: a quarter of the
 * float32 bytes, through simsimd's SIMD int8 dot product. Each vector v is stored as codes q and a
 * scale s (v ≈ s·q), with two norms that bound the error of the approximate cosine, so passages
 * that cannot reach the results are dropped without an exact score and none that can is missed.
 */
export interface QuantizedVectors {
  dimension: number;
  codes: Int8Array;
  scales: Float64Array;
  /** ‖s·q‖₂ per vector. */
  codeNorms: Float64Array;
  /** ‖v − s·q‖₂ per vector. */
  residuals: Float64Array;
  /** One view per slot into `codes` (simsimd takes whole arrays); made again when `codes` grows. */
  views: Int8Array[];
  bytes: number;
}

export function createQuantizedVectors(capacity: number, dimension: number): QuantizedVectors {
  const vectors: QuantizedVectors = { dimension, codes: new Int8Array(capacity * dimension), scales: new Float64Array(capacity), codeNorms: new Float64Array(capacity), residuals: new Float64Array(capacity), views: [], bytes: 0 };
  // Codes, three doubles and a view object (about 96 bytes) per slot.
  vectors.bytes = capacity * (dimension + 24 + 96);
  return vectors;
}

/** A larger copy holding the first `used` slots. */
export function growQuantized(old: QuantizedVectors, capacity: number, used: number): QuantizedVectors {
  const grown = createQuantizedVectors(capacity, old.dimension);
  grown.codes.set(old.codes.subarray(0, used * old.dimension));
  grown.scales.set(old.scales.subarray(0, used));
  grown.codeNorms.set(old.codeNorms.subarray(0, used));
  grown.residuals.set(old.residuals.subarray(0, used));
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
  if (target.views.length > slot) target.views[slot] = codes.subarray(offset, offset + dimension);
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
 * For the first `slots` vectors (live ones: an id in `chunkIds`), a cosine with the query that is never under the exact one: the
 * approximate cosine s·t·(q·p) plus its largest error, |v·x − s·t·(q·p)| ≤ ‖s·q‖·‖x − t·p‖ +
 * ‖v − s·q‖·‖x‖ (Cauchy–Schwarz on both residuals).
 */
export function cosineCeilings(target: QuantizedVectors, chunkIds: readonly string[], slots: number, query: Float32Array, into?: Float64Array): Float64Array {
  const { dimension } = target;
  let largest = 0;
  for (let d = 0; d < dimension; d += 1) largest = Math.max(largest, Math.abs(query[d] ?? 0));
  const scale = largest / 127;
  const codes = new Int8Array(dimension);
  let queryNorm = 0;
  let queryResidual = 0;
  for (let d = 0; d < dimension; d += 1) {
    const value = query[d] ?? 0;
    const code = scale > 0 ? Math.round(value / scale) : 0;
    codes[d] = code;
    queryNorm += value * value;
    queryResidual += (value - code * scale) ** 2;
  }
  queryNorm = Math.sqrt(queryNorm);
  queryResidual = Math.sqrt(queryResidual);
  const views = viewsOf(target, slots);
  const { scales, codeNorms, residuals } = target;
  const ceilings = into && into.length >= slots ? into.subarray(0, slots) : new Float64Array(slots);
  for (let doc = 0; doc < slots; doc += 1) {
    // A dead slot (a deleted passage's) gets no ceiling at all.
    if (chunkIds[doc] === '') {
      ceilings[doc] = -Infinity;
      continue;
    }
    const approximate = (scales[doc] as number) * scale * inner(views[doc] as Int8Array, codes);
    ceilings[doc] = approximate + (codeNorms[doc] as number) * queryResidual + (residuals[doc] as number) * queryNorm + ROUNDING;
  }
  return ceilings;
}

function viewsOf(target: QuantizedVectors, slots: number): Int8Array[] {
  const { views, codes, dimension } = target;
  for (let slot = views.length; slot < slots; slot += 1) views.push(codes.subarray(slot * dimension, (slot + 1) * dimension));
  return views;
}
