import type { ModerationConfig } from '../../config.ts';
import type { Moderator } from '../../ports/moderator.ts';
import { createLocalModerator } from './local-moderator.ts';
import { createNoModerator } from './no-moderator.ts';
import { createOpenAiModerator } from './openai-moderator.ts';

/** The moderator the configuration names. The local one is synchronous and takes microseconds,
 * so `timeoutMs` binds only the remote one. */
export function createModerator(config: ModerationConfig): Moderator {
  switch (config.provider) {
    case 'local':
      return createLocalModerator();
    case 'none':
      return createNoModerator();
    case 'openai':
      return createOpenAiModerator({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs });
  }
}
