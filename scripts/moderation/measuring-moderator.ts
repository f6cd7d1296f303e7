// The whole local moderator as the measurement scripts run it, over an embedder that already holds
// every message's vector (embedderFor, scripts/embed-cached.ts): a check never waits on the model
// nor times out, and every language is judged (nonEnglish "check").
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import {
  createLocalModerator,
  type LocalModerator,
  type LocalModeratorOptions,
} from '../../src/providers/moderation/local-moderator.ts';

export function measuringModerator(
  embedder: EmbeddingProvider,
  options: Omit<LocalModeratorOptions, 'embedder' | 'timeoutMs' | 'nonEnglish'>,
): LocalModerator {
  return createLocalModerator({ embedder, timeoutMs: 1_800_000, nonEnglish: 'check', ...options });
}
