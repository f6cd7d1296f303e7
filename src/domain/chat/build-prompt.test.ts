import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPrompt, CANCELED_TOOL_OUTPUT } from './build-prompt.ts';
import type { MessageRecord } from '../../ports/conversation-store.ts';

let seq = 0;
function message(
  role: 'user' | 'assistant',
  content: string | null,
  toolCalls: MessageRecord['toolCalls'] = [],
): MessageRecord {
  seq += 1;
  return {
    id: `msg_${seq}`,
    conversationId: 'conv_1',
    role,
    content,
    seq,
    finishReason: null,
    credits: 0,
    feedback: null,
    toolCalls,
    createdAt: seq,
    authorName: null,
  };
}
const call = (id: string, status: 'pending' | 'completed' | 'canceled', output: string | null = null) => ({
  id,
  messageId: 'm',
  conversationId: 'conv_1',
  ordinal: 0,
  name: 'lookup',
  arguments: '{}',
  status,
  output,
  updatedAt: 0,
});
const base = {
  instructions: 'Be brief.',
  passages: [],
  toolResults: new Map<string, string>(),
  contextTokens: 4_096,
  maxTokens: 512,
};

test('system message: instructions, then the passages with their titles', () => {
  const [system] = buildPrompt({
    ...base,
    history: [],
    message: 'Hi',
    passages: [{ title: 'Hours', content: 'Open 9 to 5.', score: 0.8 }],
  });
  assert.equal(system!.role, 'system');
  assert.match(
    (system as { content: string }).content,
    /^Be brief\.\n\n.*\n\nKnowledge base passages:\n\n\[1\] Hours\nOpen 9 to 5\.$/s,
  );
});

test('the newest turns are kept when the history does not fit; the new message always is', () => {
  const long = 'word '.repeat(400);
  const history = Array.from({ length: 20 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `${i} ${long}`));
  const prompt = buildPrompt({ ...base, history, message: 'Latest?' });
  assert.ok(prompt.length < 22, 'older turns were dropped');
  assert.deepEqual(prompt.at(-1), { role: 'user', content: 'Latest?' });
  assert.match(
    (prompt.at(-2) as { content: string }).content,
    /^19 /,
    'the newest stored turn comes right before the new message',
  );
});

test('a tool call is followed by its result: stored, brought by this request, or the canceled note', () => {
  const history = [
    message('user', 'Check three orders'),
    message('assistant', null, [
      call('call_a', 'completed', 'done'),
      call('call_b', 'canceled'),
      call('call_c', 'pending'),
    ]),
  ];
  const prompt = buildPrompt({ ...base, history, message: null, toolResults: new Map([['call_c', 'shipped']]) });
  assert.deepEqual(
    prompt.slice(2).map((m) => (m.role === 'tool' ? [m.toolCallId, m.content] : m.role)),
    ['assistant', ['call_a', 'done'], ['call_b', CANCELED_TOOL_OUTPUT], ['call_c', 'shipped']],
  );
});

test('the turn whose calls this request answers is kept even when it alone passes the budget', () => {
  const history = [message('assistant', null, [call('call_x', 'pending')])];
  const prompt = buildPrompt({
    ...base,
    contextTokens: 1_024,
    maxTokens: 512,
    history,
    message: null,
    toolResults: new Map([['call_x', 'data '.repeat(5_000)]]),
  });
  const tool = prompt.find((m) => m.role === 'tool') as { content: string };
  assert.ok(tool, 'the result reached the prompt');
  assert.match(tool.content, /shortened to fit/);
});
