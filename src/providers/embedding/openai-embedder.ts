import { EmbeddingError, type EmbeddingProvider } from '../../ports/embedding-provider.ts';
import { normalize } from './local-embedder.ts';

export interface OpenAiEmbeddingsConfig {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  model: string;
  dimension: number;
  apiKey: string | null;
  batchSize: number;
  timeoutMs: number;
}

/** Any OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, vLLM). The operator configures
 * the address, so it is not passed through the SSRF guard that protects user-given URLs. */
export function createOpenAiEmbedder(config: OpenAiEmbeddingsConfig): EmbeddingProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/embeddings`;

  async function embedBatch(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
        },
        body: JSON.stringify({ model: config.model, input: texts }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new EmbeddingError(`embeddings endpoint unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new EmbeddingError(`embeddings endpoint answered ${response.status}`);
    const body = (await response.json()) as { data?: Array<{ index?: number; embedding?: number[] }> };
    const data = [...(body.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    if (data.length !== texts.length)
      throw new EmbeddingError(`embeddings endpoint returned ${data.length} vectors for ${texts.length} inputs`);
    return data.map((item) => {
      if (!Array.isArray(item.embedding) || item.embedding.length !== config.dimension) {
        throw new EmbeddingError(
          `embeddings endpoint returned a vector of ${item.embedding?.length ?? 0} dimensions, expected ${config.dimension}`,
        );
      }
      return normalize(Float32Array.from(item.embedding));
    });
  }

  return {
    model: config.model,
    dimension: config.dimension,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += config.batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + config.batchSize), signal)));
      }
      return vectors;
    },
    close: async () => undefined,
  };
}
