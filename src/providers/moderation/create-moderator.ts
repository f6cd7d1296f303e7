import type { ModerationConfig } from '../../config.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import type { Moderator } from '../../ports/moderator.ts';
import { createLocalEmbedder } from '../embedding/local-embedder.ts';
import { createLocalModerator } from './local-moderator.ts';
import { createNoModerator } from './no-moderator.ts';
import { createOpenAiModerator } from './openai-moderator.ts';

const USE_LITE = 'use-lite-512';

/** The moderator the configuration names. The local one embeds with the search embedder when that
 * is the local USE-lite model (one copy of the model in memory), else with a one-worker USE-lite of
 * its own, started on its first message. */
export function createModerator(config: ModerationConfig, embedder?: EmbeddingProvider): Moderator {
  switch (config.provider) {
    case 'local':
      return createLocalModerator({ embedder: embedder?.model === USE_LITE ? embedder : createLocalEmbedder({ workers: 1 }), strictness: config.strictness, nonEnglish: config.nonEnglish, timeoutMs: config.timeoutMs });
    case 'none':
      return createNoModerator();
    case 'openai':
      return createOpenAiModerator({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs });
  }
}
