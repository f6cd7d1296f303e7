// Over 300 lines: one resource's storage contract, run on both engines; cases are independent.
// Conversations, messages and tool calls, on the suite's backend (COLLOQUY_TEST_BACKEND): seqs
// under concurrency, the one conversation per end user, settling calls once, deletes, cascades,
// and no read or write across accounts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/ports/store.ts';
import type { ConversationRecord, NewMessage } from '../../src/ports/conversation-store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const T0 = Date.parse('2026-11-01T12:00:00.000Z');
const PAGE = { page: 1, size: 50 };

const userMessage = (content: string, createdAt = T0): NewMessage => ({
  id: ids.next('msg'),
  role: 'user',
  content,
  finishReason: null,
  credits: 0,
  toolCalls: [],
  createdAt,
});

const assistantMessage = (content: string | null, calls: string[] = [], createdAt = T0): NewMessage => ({
  id: ids.next('msg'),
  role: 'assistant',
  content,
  finishReason: calls.length > 0 ? 'tool_calls' : 'stop',
  credits: 1000,
  toolCalls: calls.map((name) => ({ id: ids.next('call'), name, arguments: JSON.stringify({ q: name }) })),
  createdAt,
});

describe(`conversation store contract (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
  });
  after(async () => {
    await testStore.close();
  });

  async function seedAccount() {
    const id = ids.next('acc');
    await store.accounts.insert(accountRow({ id, creditBalance: 10_000, createdAt: T0 }));
    return id;
  }

  async function seedAgent(accountId: string, id = ids.next('agt')) {
    await store.agents.insert(agentRow({ id, accountId, createdAt: T0 }));
    return id;
  }

  async function seedConversation(accountId: string, agentId: string, options: { userId?: string; at?: number } = {}) {
    const at = options.at ?? T0;
    return store.conversations.insertOrGet({
      id: ids.next('conv'),
      accountId,
      agentId,
      userId: options.userId ?? null,
      title: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  async function seedChat() {
    const accountId = await seedAccount();
    const agentId = await seedAgent(accountId);
    const conversation = await seedConversation(accountId, agentId);
    return { accountId, agentId, conversationId: conversation.id };
  }

  test('a conversation is created, read back, and found by its user', async () => {
    const accountId = await seedAccount();
    const agentId = await seedAgent(accountId);
    const otherAgent = await seedAgent(accountId);
    const anonymous = await seedConversation(accountId, agentId, { at: T0 + 5 });
    assert.deepEqual(anonymous, {
      id: anonymous.id,
      accountId,
      agentId,
      userId: null,
      title: null,
      messageCount: 0,
      createdAt: T0 + 5,
      updatedAt: T0 + 5,
      state: 'agent',
      handoff: null,
      assignee: null,
    });
    assert.deepEqual(await store.conversations.get(accountId, agentId, anonymous.id), anonymous);
    assert.equal(
      await store.conversations.get(accountId, otherAgent, anonymous.id),
      undefined,
      'another agent of the account does not see it',
    );

    const persistent = await seedConversation(accountId, agentId, { userId: 'user-1' });
    assert.equal((await store.conversations.findByUser(accountId, agentId, 'user-1'))?.id, persistent.id);
    assert.equal(await store.conversations.findByUser(accountId, agentId, 'user-2'), undefined);
    assert.equal(
      await store.conversations.findByUser(accountId, otherAgent, 'user-1'),
      undefined,
      'a user id belongs to one agent',
    );
    const sameUserElsewhere = await seedConversation(accountId, otherAgent, { userId: 'user-1' });
    assert.notEqual(sameUserElsewhere.id, persistent.id, 'the same user id on another agent is another conversation');
  });

  test('insertOrGet: a second conversation for the same user returns the first, even when racing', async () => {
    const accountId = await seedAccount();
    const agentId = await seedAgent(accountId);
    const first = await seedConversation(accountId, agentId, { userId: 'u' });
    const again = await seedConversation(accountId, agentId, { userId: 'u', at: T0 + 99 });
    assert.deepEqual(again, first);

    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => seedConversation(accountId, agentId, { userId: 'racer', at: T0 + i })),
    );
    assert.equal(new Set(racing.map((c) => c.id)).size, 1, 'every racer gets the one conversation');

    // Inside transactions (the domain's way): the losing insert leaves its transaction usable.
    const inTransactions = await Promise.all(
      Array.from({ length: 4 }, () =>
        store.transaction(async (tx) => {
          const conversation = await tx.conversations.insertOrGet({
            id: ids.next('conv'),
            accountId,
            agentId,
            userId: 'tx-racer',
            title: null,
            createdAt: T0,
            updatedAt: T0,
          });
          await tx.conversations.appendMessages(accountId, conversation.id, [userMessage('hello')], T0 + 1, 'hello');
          return conversation.id;
        }),
      ),
    );
    assert.equal(new Set(inTransactions).size, 1);
    const held = await store.conversations.get(accountId, agentId, inTransactions[0] as string);
    assert.equal(held?.messageCount, 4, 'each transaction appended to the one conversation');
    assert.equal((await store.conversations.list(accountId, agentId, PAGE)).total, 3);
  });

  test('conversations list most recently active first, paged, with exact message counts', async () => {
    const accountId = await seedAccount();
    const agentId = await seedAgent(accountId);
    const created: ConversationRecord[] = [];
    for (let i = 0; i < 5; i++) created.push(await seedConversation(accountId, agentId, { at: T0 + i * 10 }));
    const [c0, c1, c2, c3, c4] = created.map((c) => c.id);
    // A message makes the oldest conversation the most recently active one.
    await store.conversations.appendMessages(
      accountId,
      c0 as string,
      [userMessage('hi'), assistantMessage('hello')],
      T0 + 100,
      'hi',
    );

    const first = await store.conversations.list(accountId, agentId, { page: 1, size: 2 });
    assert.equal(first.total, 5);
    assert.deepEqual(
      first.items.map((c) => c.id),
      [c0, c4],
    );
    assert.deepEqual(
      first.items.map((c) => c.messageCount),
      [2, 0],
    );
    assert.equal(first.items[0]?.updatedAt, T0 + 100);
    assert.equal(first.items[0]?.title, 'hi');
    assert.deepEqual(
      (await store.conversations.list(accountId, agentId, { page: 2, size: 2 })).items.map((c) => c.id),
      [c3, c2],
    );
    assert.deepEqual(
      (await store.conversations.list(accountId, agentId, { page: 3, size: 2 })).items.map((c) => c.id),
      [c1],
    );
    assert.deepEqual(await store.conversations.list(accountId, agentId, { page: 9, size: 2 }), { items: [], total: 5 });
    const withMessages = await store.conversations.list(accountId, agentId, PAGE, { withMessages: true });
    assert.deepEqual(
      [withMessages.items.map((c) => c.id), withMessages.total],
      [[c0], 1],
      'withMessages: only those holding a message',
    );

    // Equal activity times: the later id first.
    const tiedAgent = await seedAgent(accountId);
    const a = await seedConversation(accountId, tiedAgent, { at: T0 });
    const b = await seedConversation(accountId, tiedAgent, { at: T0 });
    assert.deepEqual(
      (await store.conversations.list(accountId, tiedAgent, PAGE)).items.map((c) => c.id),
      [a.id, b.id].sort().reverse(),
    );
  });

  test('appends take the next seqs, count, set the title once and move updatedAt', async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    const question = userMessage('What are your opening hours?', T0 + 1);
    const answer = assistantMessage('9 to 5.', [], T0 + 2);
    const stored = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [question, answer],
      T0 + 2,
      'What are your opening…',
    );
    assert.deepEqual(
      stored.map((m) => [m.id, m.seq, m.role, m.conversationId]),
      [
        [question.id, 1, 'user', conversationId],
        [answer.id, 2, 'assistant', conversationId],
      ],
    );
    assert.deepEqual(stored[1], {
      id: answer.id,
      conversationId,
      role: 'assistant',
      content: '9 to 5.',
      seq: 2,
      finishReason: 'stop',
      credits: 1000,
      feedback: null,
      toolCalls: [],
      createdAt: T0 + 2,
      authorName: null,
    });
    const later = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('And on Sunday?', T0 + 50)],
      T0 + 50,
      'And on Sunday?',
    );
    assert.equal(later[0]?.seq, 3);
    const conversation = await store.conversations.get(accountId, agentId, conversationId);
    assert.equal(conversation?.messageCount, 3);
    assert.equal(conversation?.title, 'What are your opening…', 'the first title stays');
    assert.equal(conversation?.updatedAt, T0 + 50);
    assert.equal(conversation?.createdAt, T0);
    assert.deepEqual(await store.conversations.appendMessages(accountId, conversationId, [], T0 + 60, 'x'), []);
    assert.equal((await store.conversations.get(accountId, agentId, conversationId))?.updatedAt, T0 + 50);
  });

  test('concurrent appends never share a seq', async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? store.transaction((tx) =>
              tx.conversations.appendMessages(
                accountId,
                conversationId,
                [userMessage(`q${i}`), assistantMessage(`a${i}`)],
                T0 + i,
                `q${i}`,
              ),
            )
          : store.conversations.appendMessages(
              accountId,
              conversationId,
              [userMessage(`q${i}`), assistantMessage(`a${i}`)],
              T0 + i,
              `q${i}`,
            ),
      ),
    );
    const all = await store.messages.list(accountId, conversationId, PAGE);
    assert.equal(all.total, 24);
    assert.deepEqual(
      all.items.map((m) => m.seq),
      Array.from({ length: 24 }, (_, i) => 24 - i),
    );
    // Each append's pair is contiguous: a question is always followed by its own answer.
    const bySeq = [...all.items].reverse();
    for (let i = 0; i < bySeq.length; i += 2) assert.equal(bySeq[i + 1]?.content, `a${bySeq[i]?.content?.slice(1)}`);
    assert.equal((await store.conversations.get(accountId, agentId, conversationId))?.messageCount, 24);
  });

  test('an append in a transaction that fails leaves nothing behind', async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    await assert.rejects(
      store.transaction(async (tx) => {
        await tx.conversations.appendMessages(
          accountId,
          conversationId,
          [userMessage('hi'), assistantMessage('hello', ['lookup'])],
          T0 + 5,
          'hi',
        );
        throw new Error('charge refused');
      }),
      /charge refused/,
    );
    const conversation = await store.conversations.get(accountId, agentId, conversationId);
    assert.equal(conversation?.messageCount, 0);
    assert.equal(conversation?.title, null);
    assert.equal(conversation?.updatedAt, T0);
    const stored = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('again')],
      T0 + 6,
      'again',
    );
    assert.equal(stored[0]?.seq, 1, 'the rolled-back seqs were not taken');
  });

  test('messages list newest first, paged; recent returns the latest oldest first', async () => {
    const { accountId, conversationId } = await seedChat();
    const appended = await store.conversations.appendMessages(
      accountId,
      conversationId,
      Array.from({ length: 5 }, (_, i) => userMessage(`m${i + 1}`)),
      T0,
      'm1',
    );
    const first = await store.messages.list(accountId, conversationId, { page: 1, size: 2 });
    assert.equal(first.total, 5);
    assert.deepEqual(
      first.items.map((m) => m.content),
      ['m5', 'm4'],
    );
    assert.deepEqual(
      (await store.messages.list(accountId, conversationId, { page: 3, size: 2 })).items.map((m) => m.content),
      ['m1'],
    );
    assert.deepEqual(
      (await store.messages.recent(accountId, conversationId, 3)).map((m) => m.content),
      ['m3', 'm4', 'm5'],
    );
    assert.deepEqual(
      (await store.messages.recent(accountId, conversationId, 50)).map((m) => m.seq),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(await store.messages.get(accountId, conversationId, appended[2]!.id), appended[2]);
    assert.equal(await store.messages.get(accountId, conversationId, 'msg_missing'), undefined);
  });

  test('tool calls round-trip in order with their messages; pending lists the waiting ones oldest first', async () => {
    const { accountId, conversationId } = await seedChat();
    const firstReply = assistantMessage(null, ['lookup_order', 'check_stock', 'open_ticket']);
    const secondReply = assistantMessage('Working on it', ['notify']);
    const stored = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('Where is my order?'), firstReply, userMessage('ok'), secondReply],
      T0 + 3,
      'Where is my order?',
    );
    const calls = stored[1]!.toolCalls;
    assert.deepEqual(
      calls.map((c) => [
        c.id,
        c.ordinal,
        c.name,
        c.arguments,
        c.status,
        c.output,
        c.messageId,
        c.conversationId,
        c.updatedAt,
      ]),
      firstReply.toolCalls.map((c, ordinal) => [
        c.id,
        ordinal,
        c.name,
        c.arguments,
        'pending',
        null,
        firstReply.id,
        conversationId,
        T0,
      ]),
    );
    const listed = await store.messages.list(accountId, conversationId, PAGE);
    assert.deepEqual(
      listed.items.map((m) => m.toolCalls.map((c) => c.name)),
      [['notify'], [], ['lookup_order', 'check_stock', 'open_ticket'], []],
    );
    assert.deepEqual(listed.items[2], stored[1]);
    assert.deepEqual((await store.messages.recent(accountId, conversationId, 4))[1]?.toolCalls, calls);
    assert.deepEqual((await store.messages.get(accountId, conversationId, firstReply.id))?.toolCalls, calls);
    assert.deepEqual(await store.toolCalls.get(accountId, conversationId, calls[1]!.id), calls[1]);
    assert.deepEqual(
      (await store.toolCalls.pending(accountId, conversationId)).map((c) => c.name),
      ['lookup_order', 'check_stock', 'open_ticket', 'notify'],
    );
  });

  test('settle moves a pending call once: completed with its output, or canceled', async () => {
    const { accountId, conversationId } = await seedChat();
    const [reply] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [assistantMessage(null, ['a', 'b', 'c'])],
      T0,
      null,
    );
    const [a, b, c] = reply!.toolCalls;
    assert.equal(
      await store.toolCalls.settle(accountId, conversationId, a!.id, 'completed', '{"ok":true}', T0 + 10),
      true,
    );
    assert.equal(
      await store.toolCalls.settle(accountId, conversationId, a!.id, 'canceled', null, T0 + 11),
      false,
      'a settled call stays as it is',
    );
    assert.equal(await store.toolCalls.settle(accountId, conversationId, b!.id, 'canceled', 'ignored', T0 + 12), true);
    assert.equal(await store.toolCalls.settle(accountId, conversationId, b!.id, 'completed', '{}', T0 + 13), false);
    assert.equal(
      await store.toolCalls.settle(accountId, conversationId, 'call_missing', 'completed', '{}', T0 + 13),
      false,
    );
    assert.deepEqual(await store.toolCalls.get(accountId, conversationId, a!.id), {
      ...a,
      status: 'completed',
      output: '{"ok":true}',
      updatedAt: T0 + 10,
    });
    assert.deepEqual(await store.toolCalls.get(accountId, conversationId, b!.id), {
      ...b,
      status: 'canceled',
      output: null,
      updatedAt: T0 + 12,
    });
    assert.deepEqual(
      (await store.toolCalls.pending(accountId, conversationId)).map((call) => call.id),
      [c!.id],
    );

    // Racing settles of one call: exactly one wins.
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        store.toolCalls.settle(
          accountId,
          conversationId,
          c!.id,
          i % 2 ? 'canceled' : 'completed',
          `out${i}`,
          T0 + 20 + i,
        ),
      ),
    );
    assert.equal(outcomes.filter(Boolean).length, 1);
    assert.deepEqual(await store.toolCalls.pending(accountId, conversationId), []);
  });

  test('deleting a message removes it alone, or with andLater every message from it on; seqs are not reused', async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    const stored = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [
        userMessage('1'),
        assistantMessage('2', ['x']),
        userMessage('3'),
        assistantMessage('4', ['y']),
        userMessage('5'),
      ],
      T0,
      '1',
    );
    const [m1, m2, , m4] = stored;
    assert.equal(await store.messages.delete(accountId, conversationId, m4!.id, false), 1);
    assert.equal(
      await store.toolCalls.get(accountId, conversationId, m4!.toolCalls[0]!.id),
      undefined,
      'its tool calls go with it',
    );
    assert.deepEqual(
      (await store.messages.list(accountId, conversationId, PAGE)).items.map((m) => m.content),
      ['5', '3', '2', '1'],
    );
    assert.equal(await store.messages.delete(accountId, conversationId, m2!.id, true), 3, '2, 3 and 5');
    assert.equal(await store.toolCalls.get(accountId, conversationId, m2!.toolCalls[0]!.id), undefined);
    assert.deepEqual(
      (await store.messages.list(accountId, conversationId, PAGE)).items.map((m) => m.id),
      [m1!.id],
    );
    assert.equal((await store.conversations.get(accountId, agentId, conversationId))?.messageCount, 1);
    assert.equal(await store.messages.delete(accountId, conversationId, m2!.id, false), 0, 'already gone');
    assert.equal(await store.messages.delete(accountId, conversationId, 'msg_missing', true), 0);
    const [next] = await store.conversations.appendMessages(accountId, conversationId, [userMessage('6')], T0 + 1, '6');
    assert.equal(next?.seq, 6);
    assert.equal(await store.messages.delete(accountId, conversationId, m1!.id, true), 2);
    assert.equal((await store.conversations.get(accountId, agentId, conversationId))?.messageCount, 0);
  });

  test('a message id of another conversation deletes nothing', async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    const other = await seedConversation(accountId, agentId);
    const [first] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('a'), userMessage('b')],
      T0,
      'a',
    );
    await store.conversations.appendMessages(accountId, other.id, [userMessage('c'), userMessage('d')], T0, 'c');
    assert.equal(await store.messages.delete(accountId, other.id, first!.id, true), 0);
    assert.equal(await store.messages.delete(accountId, other.id, first!.id, false), 0);
    assert.equal((await store.messages.list(accountId, conversationId, PAGE)).total, 2);
    assert.equal((await store.messages.list(accountId, other.id, PAGE)).total, 2);
  });

  test('feedback is kept on assistant messages only, and a second one replaces the first', async () => {
    const { accountId, conversationId } = await seedChat();
    const [question, answer] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('hi'), assistantMessage('hello')],
      T0,
      'hi',
    );
    assert.equal(
      await store.messages.setFeedback(accountId, conversationId, answer!.id, {
        rating: 'down',
        comment: 'too short',
        createdAt: T0 + 1,
      }),
      true,
    );
    assert.deepEqual((await store.messages.get(accountId, conversationId, answer!.id))?.feedback, {
      rating: 'down',
      comment: 'too short',
      createdAt: T0 + 1,
    });
    assert.equal(
      await store.messages.setFeedback(accountId, conversationId, answer!.id, {
        rating: 'up',
        comment: null,
        createdAt: T0 + 2,
      }),
      true,
    );
    const listed = await store.messages.list(accountId, conversationId, PAGE);
    assert.deepEqual(listed.items[0]?.feedback, { rating: 'up', comment: null, createdAt: T0 + 2 });
    assert.equal(
      await store.messages.setFeedback(accountId, conversationId, question!.id, {
        rating: 'up',
        comment: null,
        createdAt: T0 + 3,
      }),
      false,
    );
    assert.equal((await store.messages.get(accountId, conversationId, question!.id))?.feedback, null);
    assert.equal(
      await store.messages.setFeedback(accountId, conversationId, 'msg_missing', {
        rating: 'up',
        comment: null,
        createdAt: T0 + 3,
      }),
      false,
    );
  });

  test('deleting a conversation removes its messages and tool calls and says how many messages went', async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    const kept = await seedConversation(accountId, agentId);
    const stored = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('q'), assistantMessage(null, ['t']), userMessage('r')],
      T0,
      'q',
    );
    await store.conversations.appendMessages(accountId, kept.id, [userMessage('stay')], T0, 'stay');
    const otherAgent = await seedAgent(accountId);
    assert.equal(
      await store.conversations.delete(accountId, otherAgent, conversationId),
      undefined,
      'only through its own agent',
    );
    assert.equal(await store.conversations.delete(accountId, agentId, conversationId), 3);
    assert.equal(await store.conversations.get(accountId, agentId, conversationId), undefined);
    assert.equal(await store.conversations.delete(accountId, agentId, conversationId), undefined);
    assert.equal((await store.messages.list(accountId, conversationId, PAGE)).total, 0);
    assert.equal(await store.toolCalls.get(accountId, conversationId, stored[1]!.toolCalls[0]!.id), undefined);
    assert.equal((await store.conversations.get(accountId, agentId, kept.id))?.messageCount, 1);
    assert.equal(
      await store.conversations.delete(accountId, agentId, (await seedConversation(accountId, agentId)).id),
      0,
      'an empty conversation removes no messages',
    );
  });

  test('deleting the agent removes its conversations, messages and tool calls', async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    await seedConversation(accountId, agentId, { userId: 'u' });
    const stored = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('q'), assistantMessage(null, ['t'])],
      T0,
      'q',
    );
    assert.equal(await store.agents.delete(accountId, agentId), true);
    // The same agent id again: rows the cascade missed would show up under it.
    await seedAgent(accountId, agentId);
    assert.equal(await store.conversations.get(accountId, agentId, conversationId), undefined);
    assert.equal(await store.conversations.findByUser(accountId, agentId, 'u'), undefined);
    assert.equal((await store.conversations.list(accountId, agentId, PAGE)).total, 0);
    assert.equal((await store.messages.list(accountId, conversationId, PAGE)).total, 0);
    assert.equal(await store.toolCalls.get(accountId, conversationId, stored[1]!.toolCalls[0]!.id), undefined);
    assert.deepEqual(await store.toolCalls.pending(accountId, conversationId), []);
  });

  test("another account's ids are refused everywhere", async () => {
    const { accountId, agentId, conversationId } = await seedChat();
    const intruder = await seedAccount();
    await seedConversation(accountId, agentId, { userId: 'u' });
    const [question, answer] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [userMessage('secret'), assistantMessage(null, ['t'])],
      T0,
      'secret',
    );
    const callId = answer!.toolCalls[0]!.id;

    assert.equal(await store.conversations.get(intruder, agentId, conversationId), undefined);
    assert.equal(await store.conversations.findByUser(intruder, agentId, 'u'), undefined);
    assert.deepEqual(await store.conversations.list(intruder, agentId, PAGE), { items: [], total: 0 });
    assert.equal(await store.conversations.delete(intruder, agentId, conversationId), undefined);
    await assert.rejects(
      store.conversations.appendMessages(intruder, conversationId, [userMessage('injected')], T0 + 1, 'injected'),
    );

    assert.deepEqual(await store.messages.list(intruder, conversationId, PAGE), { items: [], total: 0 });
    assert.deepEqual(await store.messages.recent(intruder, conversationId, 10), []);
    assert.equal(await store.messages.get(intruder, conversationId, question!.id), undefined);
    assert.equal(await store.messages.delete(intruder, conversationId, question!.id, true), 0);
    assert.equal(
      await store.messages.setFeedback(intruder, conversationId, answer!.id, {
        rating: 'down',
        comment: null,
        createdAt: T0,
      }),
      false,
    );

    assert.deepEqual(await store.toolCalls.pending(intruder, conversationId), []);
    assert.equal(await store.toolCalls.get(intruder, conversationId, callId), undefined);
    assert.equal(await store.toolCalls.settle(intruder, conversationId, callId, 'canceled', null, T0), false);

    const untouched = await store.conversations.get(accountId, agentId, conversationId);
    assert.equal(untouched?.messageCount, 2);
    assert.equal(untouched?.title, 'secret');
    assert.equal(untouched?.updatedAt, T0);
    assert.equal((await store.messages.get(accountId, conversationId, answer!.id))?.feedback, null);
    assert.equal((await store.toolCalls.get(accountId, conversationId, callId))?.status, 'pending');
  });
});
