/** Turns passages and queries into vectors. Vectors come back with unit length. */
export interface EmbeddingProvider {
  /** Stored with every chunk: vectors of different models are never compared. */
  readonly model: string;
  readonly dimension: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
}
