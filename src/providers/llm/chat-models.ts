// The catalog's models as this server can run them, each built once at boot.
import type { ChatModelConfig } from '../../config.ts';
import type { ChatModel, ChatModels } from '../../ports/chat-model.ts';
import type { Ids } from '../../ports/ids.ts';
import { createExtractiveChatModel } from './extractive-chat-model.ts';
import { createOpenAiChatModel } from './openai-chat-model.ts';

export function createChatModels(configs: ChatModelConfig[], ids: Ids): ChatModels {
  const models = new Map<string, ChatModel>();
  const limits = new Map<string, { maxTokens: number; contextTokens: number }>();
  for (const config of configs) {
    limits.set(config.id, { maxTokens: config.maxTokens, contextTokens: config.contextTokens });
    const model = buildModel(config, ids);
    if (model) models.set(config.id, model);
  }
  return {
    get: (modelId) => models.get(modelId),
    limits: (modelId) => limits.get(modelId),
  };
}

/** Undefined when the entry names a key variable that is not set: the model cannot run here. An
 * entry with no variable runs without a key (local servers such as Ollama take none). */
function buildModel(config: ChatModelConfig, ids: Ids): ChatModel | undefined {
  switch (config.provider) {
    case 'extractive':
      return createExtractiveChatModel();
    case 'openai':
      if (config.apiKeyEnv !== null && !config.apiKey) return undefined;
      if (!config.baseUrl) throw new Error(`model ${config.id}: the openai provider needs a baseUrl`);
      return createOpenAiChatModel({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs, ids });
    default:
      throw new Error(`model ${config.id}: unknown chat provider "${config.provider}"`);
  }
}
