// The OpenAI-compatible door under /api/v1/openai: the same key authentication, rate limit and
// restrictions as the rest of /api/v1 (its hook is inherited), with every error in OpenAI's shape.
import type { AllowedMethods } from '../allowed-methods.ts';
import { routeMiss } from '../error-handler.ts';
import type { ApiApp, HttpDeps } from '../types.ts';
import { registerChatCompletions } from './chat-completions.ts';
import { registerGetOpenAiModel } from './get-model.ts';
import { registerListOpenAiModels } from './list-models.ts';
import { sendOpenAiError, sendOpenAiRefusal } from './openai-error.ts';

export const OPENAI_PREFIX = '/openai';

export function registerOpenAiDoor(deps: HttpDeps, allowedMethods: AllowedMethods) {
  return async function openAiDoor(door: ApiApp): Promise<void> {
    door.setErrorHandler(sendOpenAiError);
    // A path or method the door lacks (an SDK's embeddings call, say) is refused in OpenAI's shape too.
    door.setNotFoundHandler((request, reply) => sendOpenAiRefusal(reply, routeMiss(allowedMethods, request, reply)));
    registerChatCompletions(door, deps);
    registerListOpenAiModels(door, deps);
    registerGetOpenAiModel(door, deps);
  };
}
