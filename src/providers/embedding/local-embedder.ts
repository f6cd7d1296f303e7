import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { EmbeddingError, type EmbeddingProvider } from '../../ports/embedding-provider.ts';

/** The offline model's name, as embeddings stored with it carry it. */
export const LOCAL_EMBEDDING_MODEL = 'use-lite-512';
const DIMENSION = 512;
// Batches of ~16 passages keep a worker busy without long stalls.
const BATCH = 16;

/** The old generation's first size for the worker threads' heaps, in MB. A worker keeps little live
 * but makes short-lived tfjs objects for every text; sized to its live data, V8 ran a full
 * mark-compact every few dozen texts, and those pauses were the tail of a moderation check (search
 * workers run the same code). A larger start makes them rare at the same resident size (figures:
 * docs/research/2026-11-26-embedding-latency.md). */
const WORKER_INITIAL_HEAP_MB = 64;

interface Pending {
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

interface PooledWorker {
  worker: Worker;
  busy: number;
}

/**
 * The offline default: Universal Sentence Encoder lite (512-d), whose weights ship in an npm
 * package. Workers start on first use, so commands that never embed never load the model.
 */
export function createLocalEmbedder(options: { workers?: number } = {}): EmbeddingProvider {
  const size = Math.max(1, options.workers ?? Math.min(4, availableParallelism()));
  const pending = new Map<number, Pending>();
  let pool: PooledWorker[] | null = null;
  let nextId = 1;

  function start(): PooledWorker[] {
    pool ??= Array.from({ length: size }, () => {
      // V8 reads its heap flags when a heap is made: the new worker's (this thread's is unchanged).
      setFlagsFromString(`--initial-heap-size=${WORKER_INITIAL_HEAP_MB}`);
      const worker = new Worker(new URL('./use-lite-worker.ts', import.meta.url));
      worker.unref();
      worker.on('message', (reply: { id: number; vectors?: Float32Array; count?: number; error?: string }) => {
        const waiting = pending.get(reply.id);
        if (!waiting) return;
        pending.delete(reply.id);
        if (reply.error !== undefined || !reply.vectors)
          return waiting.reject(new EmbeddingError(`embedding failed: ${reply.error ?? 'no vectors'}`));
        const vectors: Float32Array[] = [];
        for (let index = 0; index < (reply.count ?? 0); index += 1)
          vectors.push(reply.vectors.slice(index * DIMENSION, (index + 1) * DIMENSION));
        waiting.resolve(vectors.map(normalize));
      });
      worker.on('error', (error) => {
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject(new EmbeddingError(`embedding worker failed: ${error.message}`));
        }
      });
      return { worker, busy: 0 };
    });
    return pool;
  }

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const workers = start();
    const chosen = workers.reduce((best, candidate) => (candidate.busy < best.busy ? candidate : best));
    const id = nextId++;
    chosen.busy += 1;
    try {
      return await new Promise<Float32Array[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        chosen.worker.postMessage({ id, texts });
      });
    } finally {
      chosen.busy -= 1;
    }
  }

  async function embedAll(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const batches: string[][] = [];
    for (let start = 0; start < texts.length; start += BATCH) batches.push(texts.slice(start, start + BATCH));
    // At most one batch per worker in flight for this call, the signal checked before each: a
    // client that leaves stops its upload's embedding within a batch, not after all of them.
    const results: Float32Array[][] = new Array(batches.length);
    let next = 0;
    const lane = async () => {
      while (next < batches.length) {
        signal?.throwIfAborted();
        const index = next++;
        results[index] = await untilAborted(embedBatch(batches[index] as string[]), signal);
      }
    };
    await Promise.all(Array.from({ length: Math.min(size, batches.length) }, lane));
    signal?.throwIfAborted();
    return results.flat();
  }

  return {
    model: LOCAL_EMBEDDING_MODEL,
    dimension: DIMENSION,
    embed: (texts, signal) => embedAll(texts, signal),
    async close() {
      const workers = pool ?? [];
      pool = null;
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}

/** `work`, or the signal's reason as soon as it fires: the caller stops waiting for a batch whose
 * worker finishes it unseen (the worker cannot be interrupted mid-batch). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  if (length === 0) return vector;
  for (let index = 0; index < vector.length; index += 1) vector[index] = (vector[index] ?? 0) / length;
  return vector;
}
