// Over 300 lines: one store's claim, lease and redelivery rules, each case on its own seeded endpoint.
// The webhook store's claim rules, on the suite's backend (COLLOQUY_TEST_BACKEND): concurrent
// claims never hand out one attempt twice, leases expire, and only the lease holder reports.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/ports/store.ts';
import type { ClaimRequest } from '../../src/ports/webhook-store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const T0 = Date.parse('2026-11-01T00:00:00Z');
const LEASE = 45_000;

describe(`webhook store contract (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
  });
  after(async () => {
    await testStore.close();
  });

  async function seed(deliveries: number) {
    const accountId = ids.next('acc');
    await store.accounts.insert(accountRow({ id: accountId, name: 'Hooks', createdAt: T0 }));
    const endpointId = ids.next('whk');
    await store.webhooks.insertEndpoint({
      id: endpointId,
      accountId,
      url: 'http://127.0.0.1:9/',
      description: '',
      eventTypes: null,
      secret: 'whsec_x',
      enabled: true,
      disabledReason: null,
      createdAt: T0,
      updatedAt: T0,
    });
    const rows = [];
    for (let i = 0; i < deliveries; i++) {
      const eventId = ids.next('evt');
      await store.events.insert({ id: eventId, accountId, type: 'agent.updated', data: { i }, createdAt: T0 });
      rows.push({
        id: ids.next('whd'),
        accountId,
        endpointId,
        eventId,
        eventType: 'agent.updated',
        maxAttempts: 8,
        createdAt: T0,
      });
    }
    await store.webhooks.insertDeliveries(rows);
    await store.webhooks.insertDeliveries(rows.map((row) => ({ ...row, id: ids.next('whd') })));
    await store.webhooks.markDispatched(
      rows.map((row) => row.eventId),
      T0,
    );
    return { accountId, endpointId };
  }

  const claim = (now: number, limit: number, leaseToken = ids.secret(12)) =>
    store.transaction((tx) =>
      tx.webhooks.claimDue({
        now,
        leaseUntil: now + LEASE,
        leaseToken,
        limit,
        perEndpoint: limit,
        inFlight: new Map(),
        newAttemptId: () => ids.next('wha'),
      } satisfies ClaimRequest),
    );

  test('one delivery per (event, endpoint), and concurrent claims hand out each attempt once', async () => {
    const { accountId, endpointId } = await seed(60);
    assert.equal(
      (await store.webhooks.listDeliveries(accountId, endpointId, { page: 1, size: 100 })).total,
      60,
      'a second fan-out adds nothing',
    );
    const batches = await Promise.all(Array.from({ length: 6 }, () => claim(T0, 15)));
    const claimed = batches.flat().map((c) => c.delivery.id);
    assert.equal(new Set(claimed).size, claimed.length, 'no attempt claimed twice');
    assert.equal(claimed.length, 60);
    assert.deepEqual(await claim(T0 + LEASE - 1, 100), [], 'nothing is due while the leases last');
    // Claims are across accounts: finish these so the next tests see only their own rows.
    for (const c of batches.flat()) {
      await store.webhooks.completeAttempt({
        deliveryId: c.delivery.id,
        attemptId: c.attempt.id,
        leaseToken: c.delivery.leaseToken as string,
        finishedAt: T0,
        statusCode: 204,
        error: null,
        latencyMs: 1,
        responseBody: null,
        status: 'succeeded',
        nextAttemptAt: null,
        disableEndpoint: false,
      });
    }
  });

  test('the backlog counts pending deliveries and events not yet fanned out (metrics)', async () => {
    const before = await store.webhooks.countBacklog();
    const { accountId } = await seed(3);
    await store.events.insert({ id: ids.next('evt'), accountId, type: 'agent.updated', data: {}, createdAt: T0 });
    const afterwards = await store.webhooks.countBacklog();
    assert.deepEqual(afterwards, {
      pendingDeliveries: before.pendingDeliveries + 3,
      undispatchedEvents: before.undispatchedEvents + 1,
    });
    // Leave nothing due for the next tests' claims.
    for (const c of await claim(T0, 100)) {
      await store.webhooks.completeAttempt({
        deliveryId: c.delivery.id,
        attemptId: c.attempt.id,
        leaseToken: c.delivery.leaseToken as string,
        finishedAt: T0,
        statusCode: 204,
        error: null,
        latencyMs: 1,
        responseBody: null,
        status: 'succeeded',
        nextAttemptAt: null,
        disableEndpoint: false,
      });
    }
  });

  test('a claim serves the endpoints with the fewest attempts in flight first', async () => {
    const busy = await seed(3);
    const idle = await seed(3);
    const [taken] = await store.transaction((tx) =>
      tx.webhooks.claimDue({
        now: T0,
        leaseUntil: T0 + LEASE,
        leaseToken: 'fair',
        limit: 1,
        perEndpoint: 4,
        inFlight: new Map([[busy.endpointId, 3]]),
        newAttemptId: () => ids.next('wha'),
      }),
    );
    assert.equal(taken?.endpoint.id, idle.endpointId);
    // Leave nothing due for the next tests.
    for (const c of [taken!, ...(await claim(T0, 100))]) {
      await store.webhooks.completeAttempt({
        deliveryId: c.delivery.id,
        attemptId: c.attempt.id,
        leaseToken: c.delivery.leaseToken as string,
        finishedAt: T0,
        statusCode: 204,
        error: null,
        latencyMs: 1,
        responseBody: null,
        status: 'succeeded',
        nextAttemptAt: null,
        disableEndpoint: false,
      });
    }
  });

  test('an expired lease makes the attempt due again; only the current holder can report it', async () => {
    const { accountId } = await seed(1);
    const [first] = await claim(T0, 10, 'token-a');
    assert.ok(first);
    assert.equal(first.delivery.attempts, 1);
    const outcome = {
      deliveryId: first.delivery.id,
      attemptId: first.attempt.id,
      finishedAt: T0 + 1,
      statusCode: 200,
      error: null,
      latencyMs: 1,
      responseBody: 'ok',
      status: 'succeeded' as const,
      nextAttemptAt: null,
      disableEndpoint: false,
    };
    assert.equal(
      await store.transaction((tx) => tx.webhooks.completeAttempt({ ...outcome, leaseToken: 'token-x' })),
      false,
      'a stranger cannot report',
    );

    // The holder "crashed": the lease runs out, another worker takes the attempt.
    const [second] = await claim(T0 + LEASE, 10, 'token-b');
    assert.equal(second?.delivery.id, first.delivery.id);
    assert.equal(second?.delivery.attempts, 2, 'the cut-short attempt counts');
    assert.equal(
      await store.transaction((tx) => tx.webhooks.completeAttempt({ ...outcome, leaseToken: 'token-a' })),
      false,
      'the old holder can no longer report',
    );
    assert.equal(
      await store.transaction((tx) =>
        tx.webhooks.completeAttempt({ ...outcome, attemptId: second!.attempt.id, leaseToken: 'token-b' }),
      ),
      true,
    );

    const attempts = await store.webhooks.listAttempts(accountId, [first.delivery.id]);
    assert.deepEqual(
      attempts.map((a) => [a.attempt, a.statusCode, a.finishedAt]),
      [
        [1, null, null],
        [2, 200, T0 + 1],
      ],
      'the log keeps the interrupted attempt',
    );
    assert.equal((await store.webhooks.getDelivery(accountId, first.delivery.id))?.status, 'succeeded');
  });

  test('redelivery leaves an attempt in flight alone', async () => {
    const { accountId } = await seed(1);
    const [held] = await claim(T0, 10);
    const after = await store.webhooks.redeliver(accountId, held!.delivery.id, T0 + 5);
    assert.equal(after?.nextAttemptAt, T0 + LEASE, 'still leased: no second sender');
    assert.equal(
      await store.webhooks.redeliver('acc_other', held!.delivery.id, T0 + 5),
      undefined,
      "another account's delivery is unknown",
    );
  });

  test('a delivered delivery sent again is pending with no deliveredAt until the new attempt succeeds', async () => {
    const { accountId } = await seed(1);
    const [first] = await claim(T0, 10, 'token-1');
    const done = {
      deliveryId: first!.delivery.id,
      attemptId: first!.attempt.id,
      leaseToken: 'token-1',
      finishedAt: T0 + 1,
      statusCode: 200,
      error: null,
      latencyMs: 1,
      responseBody: 'ok',
      status: 'succeeded' as const,
      nextAttemptAt: null,
      disableEndpoint: false,
    };
    assert.equal(await store.transaction((tx) => tx.webhooks.completeAttempt(done)), true);
    const delivered = await store.webhooks.getDelivery(accountId, first!.delivery.id);
    assert.deepEqual([delivered?.status, delivered?.deliveredAt], ['succeeded', T0 + 1]);

    const again = await store.webhooks.redeliver(accountId, first!.delivery.id, T0 + 10);
    assert.deepEqual([again?.status, again?.deliveredAt, again?.nextAttemptAt], ['pending', null, T0 + 10]);

    // The new attempt fails for good: failed, and still never said to be delivered.
    const [second] = await claim(T0 + 10, 10, 'token-2');
    assert.equal(second?.delivery.id, first!.delivery.id);
    const failed = { ...done, attemptId: second!.attempt.id, leaseToken: 'token-2', finishedAt: T0 + 11 };
    await store.transaction((tx) =>
      tx.webhooks.completeAttempt({ ...failed, statusCode: 500, status: 'failed' as const }),
    );
    const after = await store.webhooks.getDelivery(accountId, first!.delivery.id);
    assert.deepEqual([after?.status, after?.deliveredAt], ['failed', null]);
    // The earlier success stays in the attempt log.
    const log = await store.webhooks.listAttempts(accountId, [first!.delivery.id]);
    assert.deepEqual(
      log.map((a) => [a.attempt, a.statusCode, a.finishedAt]),
      [
        [1, 200, T0 + 1],
        [2, 500, T0 + 11],
      ],
    );
  });

  test('the low-credit mark is set once per refill', async () => {
    const accountId = ids.next('acc');
    await store.accounts.insert(accountRow({ id: accountId, name: 'Low', createdAt: T0 }));
    assert.equal(await store.creditAlerts.lastRefillEntryId(accountId), undefined);
    const refill = await store.credits.apply({
      id: ids.next('crd'),
      accountId,
      kind: 'topup',
      amount: 1000,
      agentId: null,
      keyId: null,
      description: null,
      createdAt: T0,
    });
    assert.equal(await store.creditAlerts.lastRefillEntryId(accountId), refill?.id);
    assert.equal(await store.creditAlerts.markLowSent(accountId, refill!.id, T0), true);
    assert.equal(await store.creditAlerts.markLowSent(accountId, refill!.id, T0 + 1), false);
    const next = await store.credits.apply({
      id: ids.next('crd'),
      accountId,
      kind: 'topup',
      amount: 500,
      agentId: null,
      keyId: null,
      description: null,
      createdAt: T0 + 2,
    });
    assert.equal(await store.creditAlerts.markLowSent(accountId, next!.id, T0 + 3), true);
  });
});
