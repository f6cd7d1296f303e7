import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatModel, ChatModelEvent, ChatModelRequest } from '../../ports/chat-model.ts';
import { offeredToolsOnly } from './offered-tools-only.ts';

function scripted(events: ChatModelEvent[]): ChatModel {
  return {
    async *stream() {
      yield* events;
    },
  };
}

const request = (toolNames: string[]): ChatModelRequest => ({
  messages: [],
  tools: toolNames.map((name) => ({ name, description: '', parameters: { type: 'object' } })),
  passages: [],
  maxTokens: 10,
  signal: new AbortController().signal,
});

async function run(model: ChatModel, req: ChatModelRequest): Promise<ChatModelEvent[]> {
  const events: ChatModelEvent[] = [];
  for await (const event of model.stream(req)) events.push(event);
  return events;
}

test('calls of tools that were not offered are dropped and logged; the finish becomes stop when none is left', async () => {
  const lines: string[] = [];
  const model = offeredToolsOnly(
    scripted([
      { type: 'content', text: 'Hi' },
      { type: 'tool_calls', calls: [{ id: 'call_1', name: 'lookup', arguments: '{}' }] },
      { type: 'finish', reason: 'tool_calls' },
    ]),
    'scripted',
    (line) => lines.push(line),
  );
  assert.deepEqual(await run(model, request([])), [
    { type: 'content', text: 'Hi' },
    { type: 'finish', reason: 'stop' },
  ]);
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /model scripted called tools it was not offered \(lookup\)/);
});

test('offered calls pass untouched, beside dropped ones', async () => {
  const lines: string[] = [];
  const offered = { id: 'call_2', name: 'lookup', arguments: '{}' };
  const model = offeredToolsOnly(
    scripted([
      { type: 'tool_calls', calls: [{ id: 'call_1', name: 'other', arguments: '{}' }, offered] },
      { type: 'finish', reason: 'tool_calls' },
    ]),
    'scripted',
    (line) => lines.push(line),
  );
  assert.deepEqual(await run(model, request(['lookup'])), [
    { type: 'tool_calls', calls: [offered] },
    { type: 'finish', reason: 'tool_calls' },
  ]);
  assert.equal(lines.length, 1);
});
