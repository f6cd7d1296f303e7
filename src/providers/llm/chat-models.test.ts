import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatModelConfig } from '../../config.ts';
import type { ChatModelEvent } from '../../ports/chat-model.ts';
import { createUlidIds } from '../ids/ulid-ids.ts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../test/support/scripted-model-server.ts';
import { createChatModels } from './chat-models.ts';

let server: ScriptedModelServer;
before(async () => {
  server = await startScriptedModelServer();
});
after(() => server.close());

function entry(config: Partial<ChatModelConfig>): ChatModelConfig {
  return {
    id: 'm',
    provider: 'openai',
    baseUrl: server.baseUrl,
    apiKey: null,
    apiKeyEnv: null,
    model: 'upstream-name',
    timeoutMs: 2_000,
    maxTokens: 512,
    contextTokens: 8_192,
    ...config,
  };
}

test("builds the runnable models and knows every entry's limits", async () => {
  const models = createChatModels(
    [
      entry({
        id: 'colloquy-extractive',
        provider: 'extractive',
        baseUrl: null,
        maxTokens: 1_024,
        contextTokens: 16_384,
      }),
      entry({ id: 'local-llama' }),
      entry({ id: 'gpt-4o', apiKeyEnv: 'OPENAI_API_KEY', apiKey: 'sk-configured' }),
      entry({ id: 'gpt-4o-mini', apiKeyEnv: 'OPENAI_API_KEY', apiKey: null, maxTokens: 300 }),
    ],
    createUlidIds(),
  );
  assert.ok(models.get('colloquy-extractive'));
  assert.ok(models.get('local-llama'), 'an entry that names no key variable runs without a key');
  assert.ok(models.get('gpt-4o'));
  assert.equal(models.get('gpt-4o-mini'), undefined, 'its key variable is not set');
  assert.equal(models.get('unknown'), undefined);
  assert.deepEqual(models.limits('colloquy-extractive'), { maxTokens: 1_024, contextTokens: 16_384 });
  assert.deepEqual(models.limits('gpt-4o-mini'), { maxTokens: 300, contextTokens: 8_192 });
  assert.equal(models.limits('unknown'), undefined);
});

test('an openai entry calls its endpoint with its model name and key', async () => {
  const models = createChatModels(
    [entry({ id: 'gpt-4o', apiKeyEnv: 'OPENAI_API_KEY', apiKey: 'sk-configured' })],
    createUlidIds(),
  );
  const events: ChatModelEvent[] = [];
  for await (const event of models.get('gpt-4o')!.stream({
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [],
    passages: [],
    maxTokens: 100,
    signal: new AbortController().signal,
  }))
    events.push(event);
  assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
  const sent = server.requests.at(-1)!;
  assert.equal(sent.body.model, 'upstream-name');
  assert.equal(sent.headers.authorization, 'Bearer sk-configured');
});

test('refuses an entry with a provider it does not know', () => {
  assert.throws(
    () => createChatModels([entry({ provider: 'anthropic' })], createUlidIds()),
    /unknown chat provider "anthropic"/,
  );
});
