// Embeddings of fixed fixture texts, kept on disk for the retrieval quality tests: the passages of
// the labelled sets (and the sentences the ranking embeds from them) are embedded by the real model
// the first time, then read back by later runs, by the suite's PostgreSQL pass and by the other
// file that embeds the same passages. Entries are keyed by the model (with its weights' version) and
// a hash of the text, and written only with what that model returned. The tests' questions are
// never cached: texts in `live` always go to the model, so every query is embedded as it is today.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Under .tmp/ (gitignored); deleting it only costs the first run its time. */
const CACHE_DIR = join(ROOT, '.tmp', 'embedding-cache');

function weightsVersion(): string {
  const manifest = join(ROOT, 'node_modules', '@energetic-ai', 'model-embeddings-en', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export interface CacheCounts {
  cached: number;
  embedded: number;
  live: number;
}

export interface CachedEmbedder extends EmbeddingProvider {
  counts(): CacheCounts;
}

/** Wraps a local (USE-lite) embedder; `live`: the texts that are always embedded by the model. */
export function cachedEmbedder(model: EmbeddingProvider, live: ReadonlySet<string>): CachedEmbedder {
  const dir = join(CACHE_DIR, `${model.model}-${weightsVersion()}`);
  mkdirSync(dir, { recursive: true });
  const bytes = model.dimension * Float32Array.BYTES_PER_ELEMENT;
  const counts: CacheCounts = { cached: 0, embedded: 0, live: 0 };
  const pathOf = (text: string) =>
    join(dir, `${createHash('sha256').update(`${model.model}\u0000${text}`).digest('hex')}.f32`);

  function read(text: string): Float32Array | undefined {
    try {
      const buffer = readFileSync(pathOf(text));
      if (buffer.length !== bytes) return undefined;
      return new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytes));
    } catch {
      return undefined;
    }
  }

  function write(text: string, vector: Float32Array): void {
    // Written aside, then renamed: two test files filling the cache at once never read half an entry.
    const path = pathOf(text);
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, new Uint8Array(vector.buffer, vector.byteOffset, bytes));
    renameSync(partial, path);
  }

  return {
    model: model.model,
    dimension: model.dimension,
    counts: () => ({ ...counts }),
    async embed(texts, signal) {
      const vectors = texts.map((text) => (live.has(text) ? undefined : read(text)));
      const missing = texts.flatMap((text, index) => (vectors[index] === undefined ? [index] : []));
      counts.cached += texts.length - missing.length;
      if (missing.length > 0) {
        const fresh = await model.embed(
          missing.map((index) => texts[index] as string),
          signal,
        );
        missing.forEach((index, at) => {
          const text = texts[index] as string;
          const vector = fresh[at] as Float32Array;
          vectors[index] = vector;
          if (live.has(text)) counts.live += 1;
          else {
            counts.embedded += 1;
            write(text, vector);
          }
        });
      }
      return vectors as Float32Array[];
    },
    close: () => model.close(),
  };
}
