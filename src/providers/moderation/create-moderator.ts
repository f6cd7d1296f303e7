import type { ModerationConfig } from '../../config.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import type { Moderator } from '../../ports/moderator.ts';
import { createLocalEmbedder } from '../embedding/local-embedder.ts';
import { createNoModerator } from './no-moderator.ts';

/** A moderator whose implementation (rules, classifier weights, SDK) loads with its first check,
 * not at start: a CLI command or a server that never chats does not pay for it. */
function loadedOnFirstUse(load: () => Promise<Moderator>, close?: () => Promise<void>): Moderator {
  let moderator: Promise<Moderator> | undefined;
  return {
    check: async (text, signal, conversation) => (await (moderator ??= load())).check(text, signal, conversation),
    ...(close && { close }),
  };
}

/** The moderator the configuration names. The local one embeds in a USE-lite worker of its own,
 * started on its first message: a lane that never waits behind the search embedder's batches of
 * passages (an upload keeps every search worker busy for seconds), at the cost of one more copy of
 * the model in memory (docs/moderation.md, Latency). `embedder` replaces that lane (a USE-lite
 * embedder handed in by a test: one whose workers crashed). */
export function createModerator(config: ModerationConfig, embedder?: EmbeddingProvider): Moderator {
  switch (config.provider) {
    case 'local': {
      const lane = embedder ?? createLocalEmbedder({ workers: 1 });
      const load = async () =>
        (await import('./local-moderator.ts')).createLocalModerator({
          embedder: lane,
          strictness: config.strictness,
          nonEnglish: config.nonEnglish,
          timeoutMs: config.timeoutMs,
        });
      // Its own worker keeps the process alive until closed; an embedder handed in is the caller's to close.
      return loadedOnFirstUse(load, embedder ? undefined : () => lane.close());
    }
    case 'none':
      return createNoModerator();
    case 'openai':
      return loadedOnFirstUse(async () =>
        (await import('./openai-moderator.ts')).createOpenAiModerator({
          baseUrl: config.baseUrl,
          apiKey: config.apiKey,
          model: config.model,
          timeoutMs: config.timeoutMs,
        }),
      );
  }
}
