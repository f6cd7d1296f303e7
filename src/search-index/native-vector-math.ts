// The two native vector libraries search uses, each loaded once, with its first call: simsimd (one
// dot product) and usearch (an exact scan keeping the best rows). Loaded at import, they cost every
// process that builds the passage index, each CLI command included, some 40 ms of CPU.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Simsimd {
  inner(a: Int8Array | Float32Array, b: Int8Array | Float32Array): number;
}

/** usearch's metric names (its enum's values). */
export const MetricKind = { IP: 'ip' } as const;

interface Usearch {
  exactSearch(
    dataset: Int8Array,
    query: Int8Array,
    dimensions: number,
    count: number,
    metric: (typeof MetricKind)['IP'],
    threads: number,
  ): { keys: BigUint64Array; distances: Float32Array };
}

// simsimd's CommonJS entry: its ES module entry looks for the prebuilt binary from the importing
// file's package root, misses it, and silently falls back to JavaScript. From here it finds
// node_modules/simsimd/prebuilds (an N-API build: one binary for every Node version).
let simsimd: Simsimd | undefined;
const loadSimsimd = (): Simsimd => (simsimd ??= require('simsimd') as Simsimd);
// usearch through its CommonJS entry too, for the same reason (prebuilds/, N-API).
let usearch: Usearch | undefined;
const loadUsearch = (): Usearch => (usearch ??= require('usearch') as Usearch);

/** Loads both now: a server does at start, so that no first search waits for them. */
export function loadVectorLibraries(): void {
  loadSimsimd();
  loadUsearch();
}

/** Dot product of two vectors of the same type and length (int8: exact integer). */
export const inner: Simsimd['inner'] = (a, b) => loadSimsimd().inner(a, b);

/** The `count` rows of `dataset` (row-major, `dimensions` wide) nearest the query, best first, in
 * one native pass on `threads` threads; for int8 inner product each distance is 1 − the dot product. */
export const exactSearch: Usearch['exactSearch'] = (dataset, query, dimensions, count, metric, threads) =>
  loadUsearch().exactSearch(dataset, query, dimensions, count, metric, threads);
