// A conversation's handoff state, a person's replies and the messages a following stream reads, on
// the suite's backend (COLLOQUY_TEST_BACKEND): one of two concurrent moves wins, the inbox lists
// only conversations with people, and nothing crosses accounts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/ports/store.ts';
import type { NewMessage } from '../../src/ports/conversation-store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const T0 = Date.parse('2026-11-01T12:00:00.000Z');
const PAGE = { page: 1, size: 50 };

const message = (role: 'user' | 'assistant', content: string, authorName?: string): NewMessage => ({
  id: ids.next('msg'),
  role,
  content,
  finishReason: role === 'assistant' ? 'stop' : null,
  credits: 0,
  toolCalls: [],
  createdAt: T0,
  ...(authorName && { authorName }),
});

describe(`handoff store contract (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
  });
  after(async () => {
    await testStore.close();
  });

  async function seed() {
    const accountId = ids.next('acc');
    await store.accounts.insert(accountRow({ id: accountId, createdAt: T0 }));
    const agentId = ids.next('agt');
    await store.agents.insert(agentRow({ id: agentId, accountId, createdAt: T0 }));
    const conversation = await store.conversations.insertOrGet({
      id: ids.next('conv'),
      accountId,
      agentId,
      userId: null,
      title: null,
      createdAt: T0,
      updatedAt: T0,
    });
    return { accountId, agentId, conversationId: conversation.id };
  }

  test('an agent starts without handoff; the setting is saved', async () => {
    const { accountId, agentId } = await seed();
    assert.equal((await store.agents.get(accountId, agentId))?.handoffEnabled, false);
    const updated = await store.agents.update(accountId, agentId, { handoffEnabled: true, updatedAt: T0 + 1 });
    assert.equal(updated?.handoffEnabled, true);
    assert.equal((await store.agents.get(accountId, agentId))?.handoffEnabled, true);
    assert.equal(
      (await store.agents.update(accountId, agentId, { name: 'Renamed', updatedAt: T0 + 2 }))?.handoffEnabled,
      true,
      'other changes leave it',
    );
  });

  test('agent → people → agent: each move once, the latest handover kept', async () => {
    const { accountId, agentId, conversationId } = await seed();
    const handoff = { reason: 'Wants a refund', requestedBy: 'api' as const, at: T0 + 10 };
    const moved = await store.conversations.setState(accountId, agentId, conversationId, 'people', handoff);
    assert.equal(moved?.moved, true);
    assert.equal(moved?.conversation.state, 'people');
    assert.deepEqual(moved?.conversation.handoff, handoff);

    const again = await store.conversations.setState(accountId, agentId, conversationId, 'people', {
      reason: 'other',
      requestedBy: 'visitor',
      at: T0 + 20,
    });
    assert.equal(again?.moved, false, 'already with people');
    assert.deepEqual(again?.conversation.handoff, handoff, 'the first request stands');

    const back = await store.conversations.setState(accountId, agentId, conversationId, 'agent', null);
    assert.equal(back?.moved, true);
    assert.equal(back?.conversation.state, 'agent');
    assert.deepEqual(back?.conversation.handoff, handoff, 'kept after it is resolved');
    assert.equal((await store.conversations.setState(accountId, agentId, conversationId, 'agent', null))?.moved, false);
  });

  test('of two concurrent moves to people, one wins', async () => {
    const { accountId, agentId, conversationId } = await seed();
    const results = await Promise.all(
      (['api', 'visitor', 'console'] as const).map((requestedBy) =>
        store.transaction((tx) =>
          tx.conversations.setState(accountId, agentId, conversationId, 'people', {
            reason: null,
            requestedBy,
            at: T0,
          }),
        ),
      ),
    );
    assert.equal(results.filter((result) => result?.moved).length, 1);
  });

  test("a person's reply keeps its author; after() reads what was stored since a seq", async () => {
    const { accountId, conversationId } = await seed();
    const [asked] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [message('user', 'Can a person help?')],
      T0,
      null,
    );
    const [answered] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [message('assistant', 'Hello, Ada here.', 'Ada')],
      T0 + 1,
      null,
    );
    assert.equal(asked?.authorName, null);
    assert.equal(answered?.authorName, 'Ada');
    assert.equal((await store.messages.get(accountId, conversationId, answered!.id))?.authorName, 'Ada');
    assert.deepEqual(
      (await store.messages.list(accountId, conversationId, PAGE)).items.map((m) => m.authorName),
      ['Ada', null],
    );

    assert.deepEqual(
      (await store.messages.after(accountId, conversationId, 0, 10)).map((m) => m.content),
      ['Can a person help?', 'Hello, Ada here.'],
    );
    assert.deepEqual(
      (await store.messages.after(accountId, conversationId, asked!.seq, 10)).map((m) => m.id),
      [answered!.id],
    );
    assert.deepEqual(await store.messages.after(accountId, conversationId, answered!.seq, 10), []);
    assert.equal((await store.messages.after(accountId, conversationId, 0, 1)).length, 1, 'at most limit');
  });

  test('the inbox: only conversations with people, newest first, by agent when asked', async () => {
    const { accountId, agentId, conversationId } = await seed();
    const other = await store.conversations.insertOrGet({
      id: ids.next('conv'),
      accountId,
      agentId,
      userId: 'u1',
      title: null,
      createdAt: T0,
      updatedAt: T0 + 5,
    });
    await store.conversations.insertOrGet({
      id: ids.next('conv'),
      accountId,
      agentId,
      userId: 'u2',
      title: null,
      createdAt: T0,
      updatedAt: T0 + 9,
    });
    assert.deepEqual(await store.conversations.listWithPeople(accountId, PAGE), { items: [], total: 0 });
    for (const id of [conversationId, other.id])
      await store.conversations.setState(accountId, agentId, id, 'people', {
        reason: null,
        requestedBy: 'visitor',
        at: T0,
      });
    await store.conversations.appendMessages(accountId, conversationId, [message('user', 'Hello?')], T0 + 7, 'Hello?');

    const inbox = await store.conversations.listWithPeople(accountId, PAGE);
    assert.equal(inbox.total, 2);
    assert.deepEqual(
      inbox.items.map((c) => [c.id, c.messageCount, c.state]),
      [
        [conversationId, 1, 'people'],
        [other.id, 0, 'people'],
      ],
    );
    assert.equal((await store.conversations.listWithPeople(accountId, PAGE, [])).total, 0);
    assert.equal((await store.conversations.listWithPeople(accountId, PAGE, ['agt_other'])).total, 0);
    assert.equal((await store.conversations.listWithPeople(accountId, PAGE, [agentId])).total, 2);
  });

  test('another account can neither move nor read a conversation', async () => {
    const { accountId, agentId, conversationId } = await seed();
    const intruder = (await seed()).accountId;
    await store.conversations.appendMessages(accountId, conversationId, [message('user', 'private')], T0, null);
    await store.conversations.setState(accountId, agentId, conversationId, 'people', {
      reason: null,
      requestedBy: 'api',
      at: T0,
    });
    assert.equal(await store.conversations.setState(intruder, agentId, conversationId, 'agent', null), undefined);
    assert.equal((await store.conversations.get(accountId, agentId, conversationId))?.state, 'people');
    assert.deepEqual(await store.messages.after(intruder, conversationId, 0, 10), []);
    assert.deepEqual(await store.conversations.listWithPeople(intruder, PAGE), { items: [], total: 0 });
  });
});
