// A comparison run's needs: the operator's other embedding models, and a search index the run
// builds for one of them and drops when it ends (the agent's live index is never touched).
import type { EmbeddingProvider } from './embedding-provider.ts';
import type { IndexedChunks } from './knowledge-store.ts';
import type { PassageIndex } from './passage-index.ts';

export interface ComparisonModels {
  /** By model name; empty when the operator configured none (no comparison runs). */
  embedders: ReadonlyMap<string, EmbeddingProvider>;
  /** A new in-memory index over `chunks` (their vectors of one model), owned by its caller. */
  scratchIndex(chunks: IndexedChunks): PassageIndex;
}
