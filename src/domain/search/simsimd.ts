import { createRequire } from 'node:module';

// simsimd's CommonJS entry: its ES module entry looks for the prebuilt binary from the importing
// file's package root, misses it, and silently falls back to JavaScript. From here it finds
// node_modules/simsimd/prebuilds (an N-API build: one binary for every Node version).
const simsimd = createRequire(import.meta.url)('simsimd') as { inner(a: Int8Array | Float32Array, b: Int8Array | Float32Array): number };

/** Dot product of two vectors of the same type and length (int8: exact integer). */
export const inner = simsimd.inner;
