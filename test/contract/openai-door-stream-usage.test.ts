// The OpenAI-compatible door's streamed usage, as OpenAI documents `stream_options.include_usage`:
// usage comes once, on its own last chunk with empty `choices`, just before `data: [DONE]`; every
// earlier chunk carries `usage: null`; without the option no chunk carries usage.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  startScriptedModelServer,
  scriptedModelConfig,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';

describe('OpenAI-compatible door: streamed usage', () => {
  let model: ScriptedModelServer;
  let server: TestServer;

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
  });
  after(async () => {
    await server.close();
    await model.close();
  });

  async function setup() {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx, 'Harbour desk');
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted', instructions: 'You are the harbour master.' });
    const key = await server.seedKey(account.id, { name: 'openai client' });
    return { agent, key };
  }

  /** The stream's frames as sent: the JSON chunks, then the end marker. */
  async function streamFrames(key: string, body: object): Promise<{ chunks: Record<string, unknown>[]; last: string }> {
    const response = await fetch(`${server.baseUrl}/api/v1/openai/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true }),
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const frames = (await response.text()).split('\n\n').filter(Boolean);
    const last = frames.pop()!;
    return { chunks: frames.map((frame) => JSON.parse(frame.replace(/^data: /, ''))), last };
  }

  test('include_usage: a last chunk with empty choices carries usage, before [DONE]; the others usage: null', async () => {
    const { agent, key } = await setup();
    model.enqueue({ content: ['Fair', ' winds', '.'] });
    const { chunks, last } = await streamFrames(key, {
      model: agent.id,
      messages: [{ role: 'user', content: 'Wish me luck' }],
      stream_options: { include_usage: true },
    });
    assert.equal(last, 'data: [DONE]');
    const usageChunk = chunks.pop()!;
    const finish = chunks.at(-1)!;
    assert.deepEqual(
      chunks.map((c) => c.usage),
      chunks.map(() => null),
      'every chunk before the usage chunk has usage: null',
    );
    assert.deepEqual((finish.choices as { finish_reason: string }[])[0]!.finish_reason, 'stop');
    const colloquy = finish.colloquy as { messageId: string; conversationId: string; credits: number };
    const usage = usageChunk.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    assert.equal(usage.completion_tokens, countTokens('Fair winds.'));
    assert.ok(usage.prompt_tokens > 0);
    assert.deepEqual(usageChunk, {
      id: finish.id,
      object: 'chat.completion.chunk',
      created: finish.created,
      model: agent.id,
      choices: [],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      colloquy,
    });
  });

  test('include_usage through the openai SDK: the stream’s final completion has usage', async () => {
    const { agent, key } = await setup();
    const client = new OpenAI({ apiKey: key, baseURL: `${server.baseUrl}/api/v1/openai`, maxRetries: 0 });
    model.enqueue({ content: ['Calm', ' seas.'] });
    const stream = client.chat.completions.stream({
      model: agent.id,
      messages: [{ role: 'user', content: 'Weather?' }],
      stream_options: { include_usage: true },
    });
    const completion = await stream.finalChatCompletion();
    assert.equal(completion.choices[0]!.message.content, 'Calm seas.');
    assert.equal(completion.choices[0]!.finish_reason, 'stop');
    assert.equal(completion.usage?.completion_tokens, countTokens('Calm seas.'));
  });

  test('without include_usage (or with false) no chunk carries usage', async () => {
    const { agent, key } = await setup();
    for (const options of [{}, { stream_options: { include_usage: false } }, { stream_options: null }]) {
      model.enqueue({ content: ['Hi'] });
      const { chunks, last } = await streamFrames(key, {
        model: agent.id,
        messages: [{ role: 'user', content: 'Hello' }],
        ...options,
      });
      assert.equal(last, 'data: [DONE]');
      assert.equal(chunks.length, 3, 'role, content, finish');
      assert.ok(
        chunks.every((c) => !('usage' in c) && (c.choices as unknown[]).length === 1),
        JSON.stringify(options),
      );
      assert.ok(chunks.at(-1)!.colloquy, 'the finish chunk carries colloquy');
    }
  });
});
