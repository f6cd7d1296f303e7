import { performance } from 'node:perf_hooks';
import type { EmbeddingProvider } from '../ports/embedding-provider.ts';
import type { ServiceMetrics } from './service-metrics.ts';

/** The embedder, counting what it embeds and how long that takes (the embedding throughput). */
export function instrumentEmbedder(embedder: EmbeddingProvider, metrics: ServiceMetrics): EmbeddingProvider {
  return {
    get model() {
      return embedder.model;
    },
    get dimension() {
      return embedder.dimension;
    },
    async embed(texts, signal) {
      const started = performance.now();
      const vectors = await embedder.embed(texts, signal);
      metrics.embedded(texts.length, (performance.now() - started) / 1000);
      return vectors;
    },
    close: () => embedder.close(),
  };
}
