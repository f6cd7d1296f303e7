/** Turns passages and queries into vectors. Vectors come back with unit length. */
export interface EmbeddingProvider {
  /** Stored with every chunk: vectors of different models are never compared. */
  readonly model: string;
  readonly dimension: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Search questions' vectors from the model's own question path, when it has one (the offline
   * model's question tower, docs/search.md); search combines them with the question as embedded. */
  embedQuestions?(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** With `embedQuestions`: where the semantic part of a score is one half for its questions. */
  readonly questionMidpoint?: number;
  close(): Promise<void>;
}

export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
}
