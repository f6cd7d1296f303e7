// The inbox's storage on the suite's backend (COLLOQUY_TEST_BACKEND): assigning a conversation with
// people, the unread counts, an answer's sources and an agent's team hours; nothing crosses accounts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/ports/store.ts';
import type { NewMessage } from '../../src/ports/conversation-store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const T0 = Date.parse('2026-11-01T12:00:00.000Z');

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

describe(`handoff inbox store contract (${TEST_BACKEND})`, () => {
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

  test('assign: only a conversation with people; a new handover clears it', async () => {
    const { accountId, agentId, conversationId } = await seed();
    const early = await store.conversations.assign(accountId, agentId, conversationId, 'grace@example.com');
    assert.equal(early?.assigned, false, 'with the agent');
    assert.equal(early?.conversation.assignee, null);
    await store.conversations.setState(accountId, agentId, conversationId, 'people', {
      reason: null,
      requestedBy: 'api',
      at: T0 + 1,
    });
    const taken = await store.conversations.assign(accountId, agentId, conversationId, 'grace@example.com');
    assert.equal(taken?.assigned, true);
    assert.equal(taken?.conversation.assignee, 'grace@example.com');
    assert.equal((await store.conversations.get(accountId, agentId, conversationId))?.assignee, 'grace@example.com');
    assert.equal(
      await store.conversations.assign(ids.next('acc'), agentId, conversationId, 'x@example.com'),
      undefined,
    );
    await store.conversations.setState(accountId, agentId, conversationId, 'agent', null);
    await store.conversations.setState(accountId, agentId, conversationId, 'people', {
      reason: null,
      requestedBy: 'visitor',
      at: T0 + 2,
    });
    assert.equal((await store.conversations.get(accountId, agentId, conversationId))?.assignee, null);
  });

  test("unread: the user's messages since the handover and since a person's latest reply", async () => {
    const { accountId, agentId, conversationId } = await seed();
    const at = (content: string, role: 'user' | 'assistant', when: number, author?: string) => ({
      ...message(role, content, author),
      createdAt: when,
    });
    await store.conversations.appendMessages(accountId, conversationId, [at('before', 'user', T0)], T0, null);
    await store.conversations.setState(accountId, agentId, conversationId, 'people', {
      reason: null,
      requestedBy: 'api',
      at: T0 + 10,
    });
    await store.conversations.appendMessages(
      accountId,
      conversationId,
      [at('one', 'user', T0 + 11), at('two', 'user', T0 + 12)],
      T0 + 12,
      null,
    );
    assert.deepEqual(
      await store.conversations.unreadCounts(accountId, [conversationId]),
      new Map([[conversationId, 2]]),
    );
    await store.conversations.appendMessages(
      accountId,
      conversationId,
      [at('hi', 'assistant', T0 + 13, 'Grace')],
      T0 + 13,
      null,
    );
    assert.equal((await store.conversations.unreadCounts(accountId, [conversationId])).get(conversationId), undefined);
    await store.conversations.appendMessages(accountId, conversationId, [at('three', 'user', T0 + 14)], T0 + 14, null);
    assert.equal((await store.conversations.unreadCounts(accountId, [conversationId])).get(conversationId), 1);
    assert.equal((await store.conversations.unreadCounts(ids.next('acc'), [conversationId])).size, 0);
  });

  test("an answer's sources and an agent's hours are stored", async () => {
    const { accountId, agentId, conversationId } = await seed();
    const sources = [{ sourceId: 'src_1', type: 'text', title: 'Opening hours' }];
    const [stored] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [{ ...message('assistant', 'We open at 9.'), sources }],
      T0,
      null,
    );
    assert.deepEqual(stored?.sources, sources);
    const [read] = await store.messages.recent(accountId, conversationId, 1);
    assert.deepEqual(read?.sources, sources);
    const [plain] = await store.conversations.appendMessages(
      accountId,
      conversationId,
      [message('user', 'Hi')],
      T0,
      null,
    );
    assert.equal(plain?.sources, undefined);

    assert.equal((await store.agents.get(accountId, agentId))?.handoffHours, null);
    const hours = {
      timeZone: 'Europe/Berlin',
      weekly: [{ days: ['mon' as const, 'tue' as const], from: '09:00', to: '17:00' }],
    };
    assert.deepEqual(
      (await store.agents.update(accountId, agentId, { handoffHours: hours, updatedAt: T0 + 1 }))?.handoffHours,
      hours,
    );
    assert.equal(
      (await store.agents.update(accountId, agentId, { handoffHours: null, updatedAt: T0 + 2 }))?.handoffHours,
      null,
    );
  });
});
