// The catalog's models as this server can run them, each built once at boot.
import type { ChatModelConfig } from '../../config.ts';
import type { ChatModel, ChatModels } from '../../ports/chat-model.ts';
import type { Ids } from '../../ports/ids.ts';
import { offeredToolsOnly, type ChatModelLog } from './offered-tools-only.ts';

const logToStderr: ChatModelLog = (message) => process.stderr.write(`${message}\n`);

export function createChatModels(configs: ChatModelConfig[], ids: Ids, log: ChatModelLog = logToStderr): ChatModels {
  const models = new Map<string, ChatModel>();
  const limits = new Map<string, { maxTokens: number; contextTokens: number }>();
  for (const config of configs) {
    limits.set(config.id, { maxTokens: config.maxTokens, contextTokens: config.contextTokens });
    const model = buildModel(config, ids);
    if (model) models.set(config.id, offeredToolsOnly(model, config.id, log));
  }
  return {
    get: (modelId) => models.get(modelId),
    limits: (modelId) => limits.get(modelId),
  };
}

/** A model whose implementation (and its libraries: the OpenAI SDK, the tokenizer) loads on its
 * first reply, not at start: a CLI command or a server that never chats does not pay for it. */
function loadedOnFirstUse(load: () => Promise<ChatModel>, quotesExcerpts = false): ChatModel {
  let model: Promise<ChatModel> | undefined;
  return {
    quotesExcerpts,
    async *stream(request) {
      yield* (await (model ??= load())).stream(request);
    },
  };
}

/** Undefined when the entry names a key variable that is not set: the model cannot run here. An
 * entry with no variable runs without a key (local servers such as Ollama take none). */
function buildModel(config: ChatModelConfig, ids: Ids): ChatModel | undefined {
  switch (config.provider) {
    case 'extractive':
      return loadedOnFirstUse(
        async () => (await import('./extractive-chat-model.ts')).createExtractiveChatModel(),
        true,
      );
    case 'openai': {
      if (config.apiKeyEnv !== null && !config.apiKey) return undefined;
      if (!config.baseUrl) throw new Error(`model ${config.id}: the openai provider needs a baseUrl`);
      const baseUrl = config.baseUrl;
      return loadedOnFirstUse(async () =>
        (await import('./openai-chat-model.ts')).createOpenAiChatModel({
          baseUrl,
          apiKey: config.apiKey,
          model: config.model,
          timeoutMs: config.timeoutMs,
          ids,
        }),
      );
    }
    default:
      throw new Error(`model ${config.id}: unknown chat provider "${config.provider}"`);
  }
}
