// Over 300 lines: one adapter's contract against a scripted upstream; cases are independent.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { inspect } from 'node:util';
import { ChatModelError, type ChatModel, type ChatModelEvent, type ChatModelRequest } from '../../ports/chat-model.ts';
import { createUlidIds } from '../ids/ulid-ids.ts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../test/support/scripted-model-server.ts';
import { createOpenAiChatModel, type OpenAiChatModelOptions } from './openai-chat-model.ts';

const KEY = 'sk-test-5f3c9a1e7b2d4c6e8a0b1c2d3e4f5a6b';
let server: ScriptedModelServer;

before(async () => {
  server = await startScriptedModelServer();
});
after(() => server.close());
beforeEach(() => server.requests.splice(0));

function model(options: Partial<OpenAiChatModelOptions> = {}): ChatModel {
  return createOpenAiChatModel({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    model: 'gpt-test',
    timeoutMs: 2_000,
    ids: createUlidIds(),
    ...options,
  });
}

function request(options: Partial<ChatModelRequest> = {}): ChatModelRequest {
  return {
    messages: [{ role: 'user', content: 'Hello?' }],
    tools: [],
    passages: [],
    maxTokens: 256,
    signal: new AbortController().signal,
    ...options,
  };
}

async function collect(stream: AsyncIterable<ChatModelEvent>): Promise<ChatModelEvent[]> {
  const events: ChatModelEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected the stream to fail'),
    (error: unknown) => error,
  );
}

async function modelFailure(promise: Promise<unknown>): Promise<ChatModelError> {
  const error = await failure(promise);
  assert.ok(error instanceof ChatModelError, `expected a ChatModelError, got ${inspect(error)}`);
  assert.ok(!inspect(error, { depth: 10 }).includes(KEY), 'the key must not appear in the error or its causes');
  return error;
}

const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

test('streams the text fragments as they arrive, then finishes with stop', async () => {
  server.enqueue({ content: ['The answer', ' is', ' 42.'] });
  const events = await collect(model().stream(request()));
  assert.deepEqual(events, [
    { type: 'content', text: 'The answer' },
    { type: 'content', text: ' is' },
    { type: 'content', text: ' 42.' },
    { type: 'finish', reason: 'stop' },
  ]);
});

test('sends the model, the mapped messages and tools, max_tokens and stream, with the key as a bearer token', async () => {
  server.enqueue({ content: ['ok'] });
  await collect(
    model().stream(
      request({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Oslo?' },
          {
            role: 'assistant',
            content: null,
            toolCalls: [{ id: 'call_01abc', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
          },
          { role: 'tool', toolCallId: 'call_01abc', content: '{"temp":3}' },
          { role: 'assistant', content: 'It is 3 °C.', toolCalls: [] },
          { role: 'user', content: 'Thanks' },
        ],
        tools: [WEATHER_TOOL],
        maxTokens: 300,
      }),
    ),
  );
  const [sent] = server.requests;
  assert.equal(sent?.headers.authorization, `Bearer ${KEY}`);
  assert.deepEqual(sent?.body, {
    model: 'gpt-test',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Oslo?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_01abc', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_01abc', content: '{"temp":3}' },
      { role: 'assistant', content: 'It is 3 °C.' },
      { role: 'user', content: 'Thanks' },
    ],
    tools: [{ type: 'function', function: WEATHER_TOOL }],
    max_tokens: 300,
    stream: true,
  });
});

test('omits tools when the agent has none, and sends no Authorization header without a key', async () => {
  server.enqueue({ content: ['ok'] });
  await collect(model({ apiKey: null }).stream(request()));
  const [sent] = server.requests;
  assert.equal(sent?.headers.authorization, undefined);
  assert.equal('tools' in sent!.body, false);
});

test('assembles tool calls from their split deltas and gives them Colloquy ids', async () => {
  server.enqueue({
    content: ['Let me check.'],
    toolCalls: [
      { name: 'get_weather', arguments: '{"city":"Oslo","unit":"celsius"}' },
      { name: 'get_time', arguments: '{"zone":"Europe/Oslo"}' },
    ],
  });
  const events = await collect(model().stream(request({ tools: [WEATHER_TOOL] })));
  assert.deepEqual(events[0], { type: 'content', text: 'Let me check.' });
  const batch = events[1];
  assert.equal(batch?.type, 'tool_calls');
  if (batch?.type !== 'tool_calls') return;
  assert.deepEqual(
    batch.calls.map(({ name, arguments: args }) => ({ name, arguments: args })),
    [
      { name: 'get_weather', arguments: '{"city":"Oslo","unit":"celsius"}' },
      { name: 'get_time', arguments: '{"zone":"Europe/Oslo"}' },
    ],
  );
  for (const call of batch.calls) assert.match(call.id, /^call_[0-9a-z]{26}$/);
  assert.notEqual(batch.calls[0]?.id, batch.calls[1]?.id);
  assert.deepEqual(events.slice(2), [{ type: 'finish', reason: 'tool_calls' }]);
});

test('maps finish reasons: length and content_filter kept, tool_calls without calls and unknown ones read as stop', async () => {
  for (const [sent, expected] of [
    ['length', 'length'],
    ['content_filter', 'content_filter'],
    ['tool_calls', 'stop'],
    ['eos', 'stop'],
  ] as const) {
    server.enqueue({ content: ['x'], finishReason: sent });
    const events = await collect(model().stream(request()));
    assert.deepEqual(events.at(-1), { type: 'finish', reason: expected }, sent);
  }
});

test('a 500 is rejected with its status', async () => {
  server.enqueue({ status: 500, errorMessage: 'The server had an error while processing your request.' });
  const error = await modelFailure(collect(model().stream(request())));
  assert.equal(error.failure, 'rejected');
  assert.equal(error.status, 500);
  assert.match(error.message, /500/);
  assert.equal(server.requests.length, 1, 'no retries');
});

test('a 401 that quotes the key is rejected without the key in the message', async () => {
  server.enqueue({
    status: 401,
    errorMessage: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
  });
  const error = await modelFailure(collect(model().stream(request())));
  assert.equal(error.failure, 'rejected');
  assert.equal(error.status, 401);
  assert.match(error.message, /Incorrect API key provided: \[redacted\]/);
  server.enqueue({
    status: 401,
    errorMessage: 'Incorrect API key provided: sk-test-****************************5a6b.',
  });
  const masked = await modelFailure(collect(model().stream(request())));
  assert.doesNotMatch(masked.message, /5a6b/);
});

test('a refused connection is unavailable, and the key stays out of the error', async () => {
  const closed = createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const { port } = closed.address() as { port: number };
  closed.close();
  const error = await modelFailure(collect(model({ baseUrl: `http://127.0.0.1:${port}/v1` }).stream(request())));
  assert.equal(error.failure, 'unavailable');
  assert.match(error.message, /ECONNREFUSED/);
});

test('a socket destroyed mid-stream is unavailable', async () => {
  server.enqueue({ content: ['a', 'b', 'c'], failAfterChunks: 2 });
  const events: ChatModelEvent[] = [];
  const error = await modelFailure(
    (async () => {
      for await (const event of model().stream(request())) events.push(event);
    })(),
  );
  assert.equal(error.failure, 'unavailable');
  assert.deepEqual(events, [{ type: 'content', text: 'a' }]);
});

test('a malformed stream, an error event and a stream that ends unfinished are reported', async () => {
  server.enqueue({ rawBody: 'data: {not json\n\n' });
  assert.equal((await modelFailure(collect(model().stream(request())))).failure, 'invalid-response');
  server.enqueue({ rawBody: 'data: {"error":{"message":"overloaded"}}\n\n' });
  const streamed = await modelFailure(collect(model().stream(request())));
  assert.equal(streamed.failure, 'rejected');
  assert.match(streamed.message, /overloaded/);
  server.enqueue({ content: ['cut'], finishReason: null });
  assert.equal((await modelFailure(collect(model().stream(request())))).failure, 'invalid-response');
  server.enqueue({ rawBody: '{"id":"chatcmpl-1","object":"chat.completion","choices":[]}' });
  assert.equal((await modelFailure(collect(model().stream(request())))).failure, 'invalid-response');
});

test('a stream that stops sending times out after timeoutMs of silence, closing the upstream request', async () => {
  server.enqueue({ content: ['partial', ' answer'], hangAfterChunks: 2 });
  const events: ChatModelEvent[] = [];
  const started = Date.now();
  const error = await modelFailure(
    (async () => {
      for await (const event of model({ timeoutMs: 300 }).stream(request())) events.push(event);
    })(),
  );
  const elapsed = Date.now() - started;
  assert.equal(error.failure, 'timeout');
  assert.ok(elapsed >= 290 && elapsed < 1_500, `timed out after ${elapsed} ms`);
  assert.deepEqual(events, [{ type: 'content', text: 'partial' }]);
  assert.equal(await server.requests[0]!.settled, true, 'the server saw the connection close');
});

test('a server that never sends its headers times out too', async () => {
  server.enqueue({ delayMs: 5_000 });
  const started = Date.now();
  const error = await modelFailure(collect(model({ timeoutMs: 300 }).stream(request())));
  assert.equal(error.failure, 'timeout');
  assert.ok(Date.now() - started < 1_500);
  assert.equal(await server.requests[0]!.settled, true);
});

test('the time-out bounds each gap, not the whole answer, and does not run while the consumer holds an event', async () => {
  // Seven gaps of 120 ms: the answer takes twice the time-out, each gap a third of it.
  server.enqueue({ content: ['one', ' two', ' three', ' four', ' five', ' six'], chunkDelayMs: 120 });
  const started = Date.now();
  const slowChunks = await collect(model({ timeoutMs: 400 }).stream(request()));
  assert.equal(slowChunks.length, 7);
  assert.ok(Date.now() - started > 400);
  server.enqueue({ content: ['one', ' two', ' three'] });
  const events: ChatModelEvent[] = [];
  for await (const event of model({ timeoutMs: 400 }).stream(request())) {
    events.push(event);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
});

test('an abort mid-stream closes the upstream request and ends the stream with the abort reason', async () => {
  server.enqueue({ content: ['first', 'second', 'third'], hangAfterChunks: 4 });
  const controller = new AbortController();
  const reason = new Error('the client went away');
  const events: ChatModelEvent[] = [];
  const error = await failure(
    (async () => {
      for await (const event of model().stream(request({ signal: controller.signal }))) {
        events.push(event);
        controller.abort(reason);
      }
    })(),
  );
  assert.equal(error, reason);
  assert.deepEqual(events, [{ type: 'content', text: 'first' }]);
  assert.equal(await server.requests[0]!.settled, true, 'the server saw the connection close');
});

test('an abort before the response headers closes the request and throws the reason', async () => {
  server.enqueue({ delayMs: 5_000 });
  const controller = new AbortController();
  const stream = collect(model().stream(request({ signal: controller.signal })));
  await server.waitForRequests(1);
  controller.abort();
  const error = await failure(stream);
  assert.ok(error instanceof DOMException && error.name === 'AbortError', inspect(error));
  assert.equal(await server.requests[0]!.settled, true);
});

test('an already aborted signal sends nothing; a consumer that stops early closes the request', async () => {
  const controller = new AbortController();
  controller.abort();
  await failure(collect(model().stream(request({ signal: controller.signal }))));
  assert.equal(server.requests.length, 0);

  server.enqueue({ content: ['a', 'b', 'c', 'd'], chunkDelayMs: 200 });
  for await (const event of model().stream(request())) {
    assert.deepEqual(event, { type: 'content', text: 'a' });
    break;
  }
  assert.equal(await server.requests[0]!.settled, true);
});
