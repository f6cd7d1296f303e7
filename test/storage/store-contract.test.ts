// Over 300 lines: the storage contract run on both engines; cases are independent.
// The same cases on SQLite and PostgreSQL (COLLOQUY_TEST_BACKEND picks which in a run).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import { openStore } from '../../src/compose.ts';
import type { Store } from '../../src/ports/store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { chargeCredits, refundCharge } from '../../src/domain/credits/charge.ts';
import { operatorContext, type RequestContext } from '../../src/domain/context.ts';
import type { AppError } from '../../src/domain/errors.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const clock = createTestClock();
const DAY = 86_400_000;

async function seedAccount(store: Store, balance = 10_000) {
  const id = ids.next('acc');
  await store.accounts.insert(accountRow({ id, creditBalance: balance, createdAt: clock.now() }));
  return id;
}

async function seedAgent(store: Store, accountId: string, name = 'Bot', createdAt = clock.now()) {
  const id = ids.next('agt');
  await store.agents.insert({ ...agentRow({ id, accountId, createdAt }), name });
  return id;
}

async function seedKey(store: Store, accountId: string, quota: number | null = null) {
  const id = ids.next('key');
  await store.keys.insert({
    id,
    accountId,
    name: 'k',
    keyHash: `hash-${id}`,
    keyPrefix: 'cq_abc',
    allowedAgentIds: null,
    allowedIps: ['10.0.0.0/8'],
    kind: 'secret',
    allowedOrigins: null,
    expiresAt: null,
    quota,
    usageTotal: 0,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: clock.now(),
  });
  return id;
}

describe(`store contract (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
  });
  after(async () => {
    await testStore.close();
  });

  test('reports its dialect and answers a ping', async () => {
    assert.equal(store.dialect, TEST_BACKEND);
    await store.ping();
  });

  test('migrations are idempotent: opening the same database again changes nothing', async () => {
    const again = await openStore(loadConfig({ ...testStore.database.env }));
    await again.ping();
    await again.close();
  });

  test('accounts round-trip, and reads are scoped by account', async () => {
    const a = await seedAccount(store);
    const b = await seedAccount(store);
    const agentOfA = await seedAgent(store, a);
    assert.equal((await store.accounts.get(a))?.name, 'Acme');
    assert.equal(await store.accounts.get('acc_missing'), undefined);
    assert.equal((await store.agents.get(a, agentOfA))?.id, agentOfA);
    assert.equal(await store.agents.get(b, agentOfA), undefined, 'another account never reads the agent');
    assert.equal(await store.agents.update(b, agentOfA, { name: 'stolen', updatedAt: clock.now() }), undefined);
    assert.equal(await store.agents.delete(b, agentOfA), false);
    assert.equal((await store.agents.get(a, agentOfA))?.name, 'Bot');
    assert.deepEqual(await store.agents.existingIds(b, [agentOfA]), []);
    assert.equal(await store.agents.ownerOf(agentOfA), a);
  });

  test('agents list newest first with pagination, and narrows to allowed ids', async () => {
    const account = await seedAccount(store);
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push(await seedAgent(store, account, `Agent ${i}`, clock.now() + i));
    const first = await store.agents.list(account, { page: 1, size: 2 });
    assert.equal(first.total, 5);
    assert.deepEqual(
      first.items.map((a) => a.id),
      [created[4], created[3]],
    );
    const last = await store.agents.list(account, { page: 3, size: 2 });
    assert.deepEqual(
      last.items.map((a) => a.id),
      [created[0]],
    );
    const beyond = await store.agents.list(account, { page: 9, size: 2 });
    assert.deepEqual(beyond.items, []);
    const narrowed = await store.agents.list(account, { page: 1, size: 20 }, [created[1] as string, 'agt_other']);
    assert.equal(narrowed.total, 1);
    assert.equal(narrowed.items[0]?.id, created[1]);
    assert.deepEqual(await store.agents.list(account, { page: 1, size: 20 }, []), { items: [], total: 0 });
  });

  test('agent update saves only the given fields, with tools as JSON', async () => {
    const account = await seedAccount(store);
    const agent = await seedAgent(store, account);
    const tools = [
      {
        name: 'lookup',
        description: 'Find an order',
        parameters: { type: 'object', properties: { id: { type: 'string' } } },
      },
    ];
    const updated = await store.agents.update(account, agent, {
      instructions: 'New',
      tools,
      updatedAt: clock.now() + 5,
    });
    assert.equal(updated?.name, 'Bot');
    assert.equal(updated?.instructions, 'New');
    assert.deepEqual(updated?.tools, tools);
    assert.equal(updated?.updatedAt, clock.now() + 5);
  });

  test('keys are found by hash with their account, and revoked once', async () => {
    const account = await seedAccount(store);
    const key = await seedKey(store, account);
    const found = await store.keys.findByHash(`hash-${key}`);
    assert.equal(found?.key.id, key);
    assert.equal(found?.account.id, account);
    assert.equal(found?.account.plan, 'free');
    assert.deepEqual(found?.key.allowedIps, ['10.0.0.0/8']);
    assert.equal(found?.key.allowedAgentIds, null);
    assert.equal(await store.keys.findByHash('nope'), undefined);
    assert.equal(await store.keys.revoke(account, key, 123), true);
    assert.equal(await store.keys.revoke(account, key, 456), false, 'a second revoke changes nothing');
    assert.equal((await store.keys.get(account, key))?.revokedAt, 123);
    await store.keys.touch(key, 999);
    assert.equal((await store.keys.get(account, key))?.lastUsedAt, 999);
    assert.equal(await store.keys.ownerOf(key), account);
  });

  test('a key quota is never passed, even by concurrent charges', async () => {
    const account = await seedAccount(store);
    const key = await seedKey(store, account, 1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => store.keys.addUsageWithinQuota(key, 300)));
    assert.equal(results.filter(Boolean).length, 3);
    assert.equal((await store.keys.get(account, key))?.usageTotal, 900);
    const unlimited = await seedKey(store, account, null);
    assert.equal(await store.keys.addUsageWithinQuota(unlimited, 5_000_000), true);
  });

  test('credits: entries keep the balance they produced; a short balance takes nothing', async () => {
    const account = await seedAccount(store, 0);
    const topup = await store.credits.apply({
      id: ids.next('crd'),
      accountId: account,
      kind: 'topup',
      amount: 5000,
      agentId: null,
      keyId: null,
      description: null,
      createdAt: clock.now(),
    });
    assert.equal(topup?.balanceAfter, 5000);
    const refill = await store.accounts.get(account);
    assert.equal(refill?.lastRefillAmount, 5000);
    assert.equal(refill?.lastRefillAt, clock.now());
    const tooMuch = await store.credits.apply(
      {
        id: ids.next('crd'),
        accountId: account,
        kind: 'charge',
        amount: -6000,
        agentId: null,
        keyId: null,
        description: null,
        createdAt: clock.now(),
      },
      { requireCovered: true },
    );
    assert.equal(tooMuch, undefined);
    assert.equal((await store.accounts.get(account))?.creditBalance, 5000);
  });

  test('concurrent charges never lose an update nor overdraw', async () => {
    const account = await seedAccount(store, 1000);
    const ctx: RequestContext = operatorContext(account, 'free');
    const deps = { store, clock, ids };
    const attempts = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        store.transaction((tx) => chargeCredits(tx, deps, ctx, { credits: 0.2, agentId: null, description: 'search' })),
      ),
    );
    const ok = attempts.filter((a) => a.status === 'fulfilled').length;
    assert.equal(ok, 5, 'exactly 1 credit of 0.2-credit charges succeeds');
    for (const failed of attempts.filter((a) => a.status === 'rejected')) {
      assert.equal(((failed as PromiseRejectedResult).reason as AppError).code, 'INSUFFICIENT_CREDITS');
    }
    assert.equal((await store.accounts.get(account))?.creditBalance, 0);
  });

  test('charge and refund: key quota and agent usage follow the ledger, and usage nets to zero', async () => {
    const account = await seedAccount(store, 10_000);
    const agent = await seedAgent(store, account);
    const key = await seedKey(store, account, 1500);
    const ctx: RequestContext = {
      ...operatorContext(account, 'free'),
      key: { id: key, name: 'k', allowedAgentIds: null },
    };
    const deps = { store, clock, ids };
    const charge = await store.transaction((tx) =>
      chargeCredits(tx, deps, ctx, { credits: 1, agentId: agent, description: 'chat' }),
    );
    assert.equal((await store.agents.get(account, agent))?.usage, 1000);
    await assert.rejects(
      store.transaction((tx) => chargeCredits(tx, deps, ctx, { credits: 1, agentId: agent, description: 'chat' })),
      (e: AppError) => e.code === 'QUOTA_EXCEEDED',
    );
    assert.equal((await store.accounts.get(account))?.creditBalance, 9000, 'the refused charge took nothing');
    await refundCharge(deps, ctx, charge);
    assert.equal((await store.accounts.get(account))?.creditBalance, 10_000);
    assert.equal((await store.keys.get(account, key))?.usageTotal, 0);
    assert.equal((await store.agents.get(account, agent))?.usage, 0);
    const usage = await store.credits.usage(account, clock.now() - DAY, clock.now() + DAY);
    assert.equal(usage.total, 0);
  });

  test('usage groups charges by day, agent and key inside [from, to)', async () => {
    const account = await seedAccount(store, 100_000);
    const agent = await seedAgent(store, account);
    const key = await seedKey(store, account);
    const day0 = Date.parse('2026-10-01T10:00:00.000Z');
    const charge = (amount: number, at: number, agentId: string | null, keyId: string | null) =>
      store.credits.apply({
        id: ids.next('crd'),
        accountId: account,
        kind: 'charge',
        amount: -amount,
        agentId,
        keyId,
        description: null,
        createdAt: at,
      });
    await charge(1000, day0, agent, key);
    await charge(200, day0 + 3600_000, agent, null);
    await charge(500, day0 + DAY, null, key);
    await charge(700, day0 + 5 * DAY, agent, key); // outside the range below
    const usage = await store.credits.usage(account, day0 - 1000, day0 + 2 * DAY);
    assert.equal(usage.total, 1700);
    assert.deepEqual(usage.byDay, [
      { day: Math.floor(day0 / DAY), credits: 1200 },
      { day: Math.floor(day0 / DAY) + 1, credits: 500 },
    ]);
    assert.deepEqual(usage.byAgent, [{ agentId: agent, credits: 1200 }]);
    assert.deepEqual(usage.byKey, [{ keyId: key, credits: 1500 }]);
  });

  test('charge counts: charges (refunded or not, never refunds) by day and agent inside [from, to)', async () => {
    const account = await seedAccount(store, 100_000);
    const other = await seedAccount(store, 100_000);
    const agent = await seedAgent(store, account);
    const day0 = Date.parse('2026-10-01T23:00:00.000Z');
    const entry = (
      accountId: string,
      kind: 'charge' | 'refund' | 'topup',
      amount: number,
      at: number,
      agentId: string | null,
    ) =>
      store.credits.apply({
        id: ids.next('crd'),
        accountId,
        kind,
        amount,
        agentId,
        keyId: null,
        description: null,
        createdAt: at,
      });
    await entry(account, 'charge', -200, day0, agent);
    await entry(account, 'charge', -1000, day0 + 3600_000, agent); // the next UTC day
    await entry(account, 'refund', 1000, day0 + 3600_000, agent);
    await entry(account, 'charge', -200, day0 + 3700_000, null);
    await entry(account, 'topup', 5000, day0 + 3800_000, null);
    await entry(account, 'charge', -200, day0 + 5 * DAY, agent); // outside the range below
    await entry(other, 'charge', -200, day0, null);
    const counts = await store.credits.chargeCounts(account, day0 - 1000, day0 + 2 * DAY);
    assert.deepEqual(counts, {
      byDay: [
        { day: Math.floor(day0 / DAY), count: 1 },
        { day: Math.floor(day0 / DAY) + 1, count: 2 },
      ],
      byAgent: [{ agentId: agent, count: 2 }],
      total: 3,
    });
    assert.deepEqual(await store.credits.chargeCounts(account, day0 + 10 * DAY, day0 + 11 * DAY), {
      byDay: [],
      byAgent: [],
      total: 0,
    });
  });

  test('a transaction that throws leaves nothing behind', async () => {
    const account = await seedAccount(store);
    const agentId = ids.next('agt');
    await assert.rejects(
      store.transaction(async (tx) => {
        await tx.agents.insert({
          id: agentId,
          accountId: account,
          name: 'Ghost',
          model: 'm',
          instructions: '',
          usage: 0,
          storageUsed: 0,
          knowledgeVersion: 0,
          tools: [],
          createdAt: 1,
          updatedAt: 1,
        });
        await tx.events.insert({
          id: ids.next('evt'),
          accountId: account,
          type: 'agent.created',
          data: { agent: { id: agentId } },
          createdAt: 1,
        });
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await store.agents.get(account, agentId), undefined);
    assert.equal((await store.events.list(account, { page: 1, size: 10 })).total, 0);
  });

  test('events keep their data and list newest first', async () => {
    const account = await seedAccount(store);
    await store.events.insert({
      id: ids.next('evt'),
      accountId: account,
      type: 'agent.created',
      data: { agent: { id: 'agt_1', name: 'A' } },
      createdAt: 10,
    });
    await store.events.insert({
      id: ids.next('evt'),
      accountId: account,
      type: 'agent.updated',
      data: { agent: { id: 'agt_1', name: 'B' } },
      createdAt: 20,
    });
    const page = await store.events.list(account, { page: 1, size: 10 });
    assert.equal(page.total, 2);
    assert.deepEqual(
      page.items.map((e) => [e.type, e.data]),
      [
        ['agent.updated', { agent: { id: 'agt_1', name: 'B' } }],
        ['agent.created', { agent: { id: 'agt_1', name: 'A' } }],
      ],
    );
  });

  test('sources with their chunks: vectors round-trip exactly, scoped by account, removed whole', async () => {
    const account = await seedAccount(store);
    const other = await seedAccount(store);
    const agentId = await seedAgent(store, account);
    const sourceId = ids.next('src');
    const vector = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i) / 16);
    const chunks = Array.from({ length: 1_200 }, (_, ordinal) => ({
      id: ids.next('chk'),
      sourceId,
      agentId,
      ordinal,
      content: `passage ${ordinal}`,
      heading: ordinal % 2 ? 'Heading' : null,
      page: ordinal % 3 || null,
      terms: `passag ${ordinal}`,
      embedding: vector,
      termsVersion: 2,
      embeddingModel: 'm1',
    }));
    const source = {
      id: sourceId,
      accountId: account,
      agentId,
      type: 'file' as const,
      title: 'manual.pdf',
      content: null,
      url: null,
      size: 1234,
      storage: 1234,
      createdAt: clock.now(),
    };
    await store.transaction(async (tx) => {
      assert.equal(await tx.agents.reserveStorage(account, agentId, 1234, 2000), true);
      await tx.sources.insert(source, chunks);
    });
    assert.deepEqual(await store.sources.get(account, agentId, sourceId), source);
    assert.equal(await store.sources.get(other, agentId, sourceId), undefined, "another account's source is not found");
    const searchable = await store.chunks.searchable(agentId, 'm1');
    assert.equal(searchable.length, 1_200);
    assert.deepEqual(Array.from(searchable[0]!.embedding), Array.from(vector));
    assert.equal((await store.chunks.searchable(agentId, 'm2')).length, 0, 'vectors of another model are not compared');
    const shown = await store.chunks.withSources(agentId, [chunks[5]!.id]);
    assert.deepEqual(shown, [
      { id: chunks[5]!.id, content: 'passage 5', source: { id: sourceId, type: 'file', title: 'manual.pdf' } },
    ]);
    assert.equal((await store.chunks.staleBatch(agentId, 'm2', 10)).length, 10);
    const firstBatch = await store.chunks.passageBatch(agentId, null, 700);
    const secondBatch = await store.chunks.passageBatch(agentId, firstBatch.at(-1)!.id, 700);
    assert.deepEqual([firstBatch.length, secondBatch.length], [700, 500]);
    assert.deepEqual(
      [...firstBatch, ...secondBatch].map((row) => row.id),
      searchable.map((row) => row.id),
      'every passage once, in id order',
    );
    assert.equal(secondBatch[0]!.sourceId, sourceId);
    const agent = await store.agents.get(account, agentId);
    assert.equal(agent?.storageUsed, 1234);
    assert.equal(agent?.knowledgeVersion, 1);
    assert.equal(await store.agents.reserveStorage(account, agentId, 767, 2000), false, 'storage is never passed');
    // A reservation whose work never finished (its process was killed): the recount forgets it.
    assert.equal(await store.agents.reserveStorage(account, agentId, 500, 2000), true);
    assert.equal((await store.agents.get(account, agentId))?.storageUsed, 1734);
    assert.ok((await store.agents.recountStorage()) >= 1);
    assert.equal((await store.agents.get(account, agentId))?.storageUsed, 1234);
    assert.equal(await store.agents.recountStorage(), 0, 'nothing left to change');
    assert.equal(await store.sources.delete(other, agentId, sourceId), undefined);
    assert.deepEqual(await store.sources.delete(account, agentId, sourceId), source);
    assert.equal((await store.chunks.searchable(agentId, 'm1')).length, 0, 'every chunk goes with its source');
  });

  test('a recount while other nodes work leaves agents that reserved lately alone, and returns stale reservations', async () => {
    const account = await seedAccount(store);
    const agentId = await seedAgent(store, account);
    const used = async () => (await store.agents.get(account, agentId))?.storageUsed;
    // A release lost in an outage: the reservation stays counted with no source.
    assert.equal(await store.agents.reserveStorage(account, agentId, 75, 2000), true);
    assert.equal(await store.agents.recountStorage(60_000), 0, 'reserved a moment ago: its work may still be running');
    assert.equal(await used(), 75);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.ok((await store.agents.recountStorage(10)) >= 1, 'quiet for longer than asked: recounted');
    assert.equal(await used(), 0);
  });

  test('a page URL is held once per agent; deleting the agent removes its sources and chunks', async () => {
    const account = await seedAccount(store);
    const agentId = await seedAgent(store, account);
    const page = (id: string) => ({
      id,
      accountId: account,
      agentId,
      type: 'website' as const,
      title: 'Home',
      content: null,
      url: 'https://example.org/',
      size: null,
      storage: 10,
      createdAt: clock.now(),
    });
    const chunk = (sourceId: string) => ({
      id: ids.next('chk'),
      sourceId,
      agentId,
      ordinal: 0,
      content: 'home',
      heading: null,
      page: null,
      terms: 'home',
      embedding: new Float32Array(4),
      termsVersion: 2,
      embeddingModel: 'm1',
    });
    const first = ids.next('src');
    await store.sources.insert(page(first), [chunk(first)]);
    const second = ids.next('src');
    assert.equal(
      await store.transaction((tx) => tx.sources.insert(page(second), [chunk(second)])),
      false,
      'the same page twice is refused without an error',
    );
    assert.deepEqual(await store.sources.pageUrls(agentId), ['https://example.org/']);
    assert.equal((await store.sources.list(account, agentId, { type: 'website' }, { page: 1, size: 10 })).total, 1);
    await store.agents.delete(account, agentId);
    assert.equal((await store.chunks.searchable(agentId, 'm1')).length, 0);
    assert.deepEqual(await store.sources.pageUrls(agentId), []);
  });

  test('members are unique per account by email', async () => {
    const account = await seedAccount(store);
    await store.members.insert({
      id: ids.next('mem'),
      accountId: account,
      email: 'a@example.com',
      role: 'owner',
      createdAt: 1,
    });
    await assert.rejects(
      store.members.insert({
        id: ids.next('mem'),
        accountId: account,
        email: 'a@example.com',
        role: 'teammate',
        createdAt: 2,
      }),
    );
    assert.equal((await store.members.findByEmail(account, 'a@example.com'))?.role, 'owner');
    assert.equal((await store.members.list(account)).length, 1);
  });

  test('members: delete is scoped by account and never removes the last owner', async () => {
    const account = await seedAccount(store);
    const other = await seedAccount(store);
    const member = (accountId: string, email: string, role: 'owner' | 'teammate') => ({
      id: ids.next('mem'),
      accountId,
      email,
      role,
      createdAt: 1,
    });
    const owner = member(account, 'owner@example.com', 'owner');
    const mate = member(account, 'mate@example.com', 'teammate');
    for (const row of [owner, mate]) await store.members.insert(row);
    assert.equal(await store.members.delete(other, mate.id), 'missing', "another account's member is not found");
    assert.equal(await store.members.delete(account, owner.id), 'last-owner');
    assert.equal(await store.members.delete(account, mate.id), 'deleted');
    assert.equal(await store.members.delete(account, mate.id), 'missing');
    assert.deepEqual(
      (await store.members.list(account)).map((m) => m.email),
      ['owner@example.com'],
    );
  });

  test('members: two owners removing each other at once leave one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const account = await seedAccount(store);
      const owners = [0, 1].map((i) => ({
        id: ids.next('mem'),
        accountId: account,
        email: `owner${i}@example.com`,
        role: 'owner' as const,
        createdAt: 1,
      }));
      for (const row of owners) await store.members.insert(row);
      const outcomes = await Promise.all(owners.map((row) => store.members.delete(account, row.id)));
      assert.deepEqual([...outcomes].sort(), ['deleted', 'last-owner']);
      assert.equal((await store.members.list(account)).length, 1);
    }
  });

  test("sessions: deleteOthers ends the user's other sessions, not the kept one nor another user's", async () => {
    const user = (email: string) => ({ id: ids.next('usr'), email, passwordHash: 'h', createdAt: 1, updatedAt: 1 });
    const [alice, bob] = [user(`alice-${ids.next('usr')}@example.com`), user(`bob-${ids.next('usr')}@example.com`)];
    for (const row of [alice, bob]) await store.users.insert(row);
    const session = (userId: string) => ({
      id: ids.next('ses'),
      userId,
      tokenHash: `hash-${ids.next('ses')}`,
      createdAt: 1,
      expiresAt: clock.now() + DAY,
    });
    const [kept, ended, bobs] = [session(alice.id), session(alice.id), session(bob.id)];
    for (const row of [kept, ended, bobs]) await store.sessions.insert(row);
    await store.sessions.deleteOthers(alice.id, kept.id);
    const live = async (row: { tokenHash: string }) =>
      (await store.sessions.findLive(row.tokenHash, clock.now()))?.session.id;
    assert.deepEqual([await live(kept), await live(ended), await live(bobs)], [kept.id, undefined, bobs.id]);
  });
});
