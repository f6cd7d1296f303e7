// A comparison run's needs: the operator's other embedding models, and a scratch search index for
// one of them, kept while it is current (the agent's live index is never touched).
import type { EmbeddingProvider } from './embedding-provider.ts';
import type { IndexedChunks } from './knowledge-store.ts';
import type { PassageIndex } from './passage-index.ts';

export interface ComparisonModels {
  /** By model name; empty when the operator configured none (no comparison runs). */
  embedders: ReadonlyMap<string, EmbeddingProvider>;
  /**
   * The in-memory index kept under `key` (agent, model and knowledge version), or a new one over
   * the chunks `build` gives (their vectors of one model); the last few are kept, the rest dropped.
   */
  scratchIndex(key: string, build: () => Promise<IndexedChunks>): Promise<PassageIndex>;
}
