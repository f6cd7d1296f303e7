import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatModelEvent, ChatModelRequest, GroundingPassage } from '../../ports/chat-model.ts';
import { ASK_A_QUESTION, INTRO, MAX_QUOTE_CHARS, NOTHING_FOUND } from './extractive-answer.ts';
import { createExtractiveChatModel } from './extractive-chat-model.ts';

const PASSAGES: GroundingPassage[] = [
  {
    content: 'Refunds are issued within 14 days of a return reaching our warehouse.',
    title: 'Refund policy',
    score: 0.92,
  },
  { content: 'Returns must be\nposted with the original receipt.', title: 'Returns guide', score: 0.81 },
  { content: 'Store credit never expires.', title: 'Store credit FAQ', score: 0.7 },
  { content: 'Our shops open at nine.', title: 'Opening hours', score: 0.4 },
];

function request(options: Partial<ChatModelRequest> = {}): ChatModelRequest {
  return {
    messages: [{ role: 'user', content: 'How long do refunds take?' }],
    tools: [],
    passages: PASSAGES,
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

function text(events: ChatModelEvent[]): string {
  return events.map((event) => (event.type === 'content' ? event.text : '')).join('');
}

test('quotes the three best passages in order, each with its source title, under an honest introduction', async () => {
  const answer = text(await collect(createExtractiveChatModel().stream(request())));
  assert.equal(
    answer,
    [
      INTRO,
      '> Refunds are issued within 14 days of a return reaching our warehouse.\n— Refund policy',
      '> Returns must be posted with the original receipt.\n— Returns guide',
      '> Store credit never expires.\n— Store credit FAQ',
    ].join('\n\n'),
  );
  assert.match(answer, /knowledge base/);
  assert.match(answer, /quoted/);
  assert.doesNotMatch(answer, /\b(AI|assistant|language model|I am|I'm|generated)\b/i);
  assert.doesNotMatch(answer, /Opening hours/);
});

test('says plainly that the knowledge base has nothing when there are no passages', async () => {
  const answer = text(await collect(createExtractiveChatModel().stream(request({ passages: [] }))));
  assert.equal(answer, NOTHING_FOUND);
  assert.match(answer, /knowledge base has nothing on this/);
});

test('a message with nothing to look up ("hi", "thanks!") is asked for a question, not told the knowledge lacks it', async () => {
  for (const message of ['hi', 'Thanks!', 'ok', '?']) {
    const answer = text(
      await collect(
        createExtractiveChatModel().stream(request({ passages: [], messages: [{ role: 'user', content: message }] })),
      ),
    );
    assert.equal(answer, ASK_A_QUESTION, message);
  }
});

test('streams several content events that join into the answer, then finishes with stop', async () => {
  const events = await collect(createExtractiveChatModel().stream(request()));
  const contents = events.filter((event) => event.type === 'content');
  assert.ok(contents.length > 5, `only ${contents.length} content events`);
  assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
  assert.equal(events.filter((event) => event.type === 'finish').length, 1);
  assert.equal(
    events.some((event) => event.type === 'tool_calls'),
    false,
  );
});

test('stops at the token budget with finish length', async () => {
  const events = await collect(createExtractiveChatModel().stream(request({ maxTokens: 12 })));
  assert.deepEqual(events.at(-1), { type: 'finish', reason: 'length' });
  const answer = text(events);
  assert.ok(answer.length > 0 && INTRO.startsWith(answer.trim()), answer);
});

test('is deterministic', async () => {
  const first = await collect(createExtractiveChatModel().stream(request()));
  const second = await collect(createExtractiveChatModel().stream(request()));
  assert.deepEqual(first, second);
});

test('cuts a long passage to the sentences that match the question, marking the cuts', async () => {
  const filler = 'Our company was founded many years ago by two friends who liked shoes. '.repeat(6);
  const content = `${filler}Refunds take five working days once the parcel arrives. ${filler}${filler}`;
  const answer = text(
    await collect(
      createExtractiveChatModel().stream(request({ passages: [{ content, title: 'Handbook', score: 0.9 }] })),
    ),
  );
  const quote = answer.split('\n\n')[1]!;
  assert.match(quote, /^> … Refunds take five working days once the parcel arrives\./);
  assert.match(quote, / …\n— Handbook$/);
  assert.ok(quote.length < MAX_QUOTE_CHARS + 40);
});

test('drops repeated passages and names an untitled source', async () => {
  const passages = [
    { content: 'Same text.', title: '', score: 0.9 },
    { content: 'Same  text.', title: 'Copy', score: 0.8 },
  ];
  const answer = text(await collect(createExtractiveChatModel().stream(request({ passages }))));
  assert.equal(answer, `${INTRO}\n\n> Same text.\n— Untitled source`);
});

test('skips a passage whose sentences were mostly quoted already (overlapping chunks of one file)', async () => {
  const passages = [
    {
      content: 'Keepers trimmed the wicks. They polished the reflectors daily. Oil was costly.',
      title: 'Lighthouses',
      score: 0.9,
    },
    { content: 'They polished the reflectors daily. Oil was costly.', title: 'Lighthouses', score: 0.8 },
    { content: 'Oil was costly. Fresnel lenses changed that.', title: 'Lighthouses', score: 0.7 },
  ];
  const answer = text(await collect(createExtractiveChatModel().stream(request({ passages }))));
  assert.equal(
    answer,
    `${INTRO}\n\n> Keepers trimmed the wicks. They polished the reflectors daily. Oil was costly.\n— Lighthouses\n\n> Oil was costly. Fresnel lenses changed that.\n— Lighthouses`,
  );
});

test('answers from the passages when the latest message is a tool result', async () => {
  const messages: ChatModelRequest['messages'] = [
    { role: 'user', content: 'How long do refunds take?' },
    { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'call_1', content: '{"ok":true}' },
  ];
  const answer = text(await collect(createExtractiveChatModel().stream(request({ messages }))));
  assert.ok(answer.startsWith(INTRO));
  assert.match(answer, /Refund policy/);
});

test('stops with the abort reason when the signal fires mid-stream, and at once when already aborted', async () => {
  const controller = new AbortController();
  const reason = new Error('the client went away');
  const events: ChatModelEvent[] = [];
  await assert.rejects(
    (async () => {
      for await (const event of createExtractiveChatModel().stream(request({ signal: controller.signal }))) {
        events.push(event);
        if (events.length === 2) setImmediate(() => controller.abort(reason));
      }
    })(),
    (error) => error === reason,
  );
  assert.ok(events.length >= 2 && events.length <= 3, `got ${events.length} events`);
  assert.equal(
    events.some((event) => event.type === 'finish'),
    false,
  );

  await assert.rejects(
    collect(createExtractiveChatModel().stream(request({ signal: AbortSignal.abort(reason) }))),
    (error) => error === reason,
  );
});

test('quotes the sentences retrieval picked as answering, not the whole passage, and names the source', async () => {
  const passage = {
    title: 'Pets',
    content:
      'Our rooms are cleaned daily. Dogs under 10 kg are welcome in the lounge. Cats are not allowed. Breakfast starts at 7.',
    score: 0.6,
    excerpt: 'Dogs under 10 kg are welcome in the lounge. Cats are not allowed.',
  };
  const answer = text(
    await collect(
      createExtractiveChatModel().stream(
        request({ passages: [passage], messages: [{ role: 'user', content: 'can I bring my puppy' }] }),
      ),
    ),
  );
  assert.match(answer, /> … Dogs under 10 kg are welcome in the lounge\. Cats are not allowed\. …\n— Pets/);
  assert.doesNotMatch(answer, /cleaned daily|Breakfast/);
});
