// Embeds texts with the same USE-lite model the server runs, keeping the vectors in .tmp/ so that a
// second training run (another regularisation, another threshold rule) does not embed again. Used by
// the moderator's training and research scripts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { EmbeddingProvider } from '../src/ports/embedding-provider.ts';

// MODERATION_EMBED_CACHE moves it (e.g. to /tmp, to share it between worktrees).
const CACHE = process.env.MODERATION_EMBED_CACHE
  ? new URL(`file://${process.env.MODERATION_EMBED_CACHE}`)
  : new URL('../.tmp/moderation-embeddings.json', import.meta.url);
const key = (text: string) => createHash('sha1').update(text).digest('base64url');

function save(stored: Record<string, string>): void {
  mkdirSync(new URL('.', CACHE), { recursive: true });
  writeFileSync(CACHE, JSON.stringify(stored));
}

export async function embedCached(
  embedder: EmbeddingProvider,
  texts: readonly string[],
): Promise<Map<string, Float32Array>> {
  const stored: Record<string, string> = existsSync(CACHE)
    ? (JSON.parse(readFileSync(CACHE, 'utf8')) as Record<string, string>)
    : {};
  const result = new Map<string, Float32Array>();
  const missing = [...new Set(texts)].filter((text) => {
    const hit = stored[key(text)];
    if (hit) result.set(text, new Float32Array(new Uint8Array(Buffer.from(hit, 'base64')).buffer));
    return !hit;
  });
  // In chunks, for the progress line and the saves; the local model encodes every text of a batch
  // on its own (no padding), so a vector is the one the moderator gets for the text alone.
  const CHUNK = 64;
  for (let start = 0; start < missing.length; start += CHUNK) {
    const chunk = missing.slice(start, start + CHUNK);
    const vectors = await embedder.embed(chunk);
    chunk.forEach((text, i) => {
      const vector = vectors[i] as Float32Array;
      result.set(text, vector);
      stored[key(text)] = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
    });
    if (missing.length > CHUNK)
      process.stderr.write(`\rembedded ${Math.min(start + CHUNK, missing.length)}/${missing.length}`);
    // Saved as it goes: an interrupted run keeps what it embedded.
    if ((start / CHUNK) % 16 === 15) save(stored);
  }
  if (missing.length > 0) {
    save(stored);
    process.stderr.write('\n');
  }
  return result;
}

/** `inner` answering from `known` (vectors embedded once by embedCached) when it holds every text
 * asked for, and embedding otherwise: the measurement scripts run the whole moderator over it. */
export function embedderOver(inner: EmbeddingProvider, known: ReadonlyMap<string, Float32Array>): EmbeddingProvider {
  return {
    ...inner,
    embed: async (texts, signal) =>
      texts.every((t) => known.has(t)) ? texts.map((t) => known.get(t) as Float32Array) : inner.embed(texts, signal),
  };
}

/** `inner` over the vectors of `texts`, each embedded once (cached across runs). */
export async function embedderFor(inner: EmbeddingProvider, texts: readonly string[]): Promise<EmbeddingProvider> {
  return embedderOver(inner, await embedCached(inner, texts));
}
