// The OpenAI-compatible door under /api/v1/openai: the same key authentication, rate limit and
// restrictions as the rest of /api/v1 (its hook is inherited), with every error in OpenAI's shape.
import type { ApiApp, HttpDeps } from '../types.ts';
import { registerChatCompletions } from './chat-completions.ts';
import { registerListOpenAiModels } from './list-models.ts';
import { sendOpenAiError } from './openai-error.ts';

export const OPENAI_PREFIX = '/openai';

export function registerOpenAiDoor(deps: HttpDeps) {
  return async function openAiDoor(door: ApiApp): Promise<void> {
    door.setErrorHandler(sendOpenAiError);
    registerChatCompletions(door, deps);
    registerListOpenAiModels(door, deps);
  };
}
