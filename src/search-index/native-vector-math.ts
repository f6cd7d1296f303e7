// The two native vector libraries search uses, each loaded once: simsimd (one dot product) and
// usearch (an exact scan keeping the best rows).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// simsimd's CommonJS entry: its ES module entry looks for the prebuilt binary from the importing
// file's package root, misses it, and silently falls back to JavaScript. From here it finds
// node_modules/simsimd/prebuilds (an N-API build: one binary for every Node version).
const simsimd = require('simsimd') as { inner(a: Int8Array | Float32Array, b: Int8Array | Float32Array): number };

/** Dot product of two vectors of the same type and length (int8: exact integer). */
export const inner = simsimd.inner;

/** usearch's metric names (its enum's values). */
export const MetricKind = { IP: 'ip' } as const;

// usearch through its CommonJS entry too, for the same reason (prebuilds/, N-API).
const usearch = require('usearch') as {
  exactSearch(
    dataset: Int8Array,
    query: Int8Array,
    dimensions: number,
    count: number,
    metric: (typeof MetricKind)['IP'],
    threads: number,
  ): { keys: BigUint64Array; distances: Float32Array };
};

/** The `count` rows of `dataset` (row-major, `dimensions` wide) nearest the query, best first, in
 * one native pass on `threads` threads; for int8 inner product each distance is 1 − the dot product. */
export const exactSearch = usearch.exactSearch;
