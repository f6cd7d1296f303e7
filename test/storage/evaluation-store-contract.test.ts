// Test questions, runs and the re-run schedule, on the suite's backend (COLLOQUY_TEST_BACKEND):
// reads are scoped by account, a queued run is claimed once, and a knowledge change is due only
// once the agent's knowledge has been quiet (or pending too long).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/ports/store.ts';
import type { TestRunRecord } from '../../src/ports/evaluation-store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const T0 = Date.parse('2026-11-01T00:00:00Z');

describe(`evaluation store contract (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
  });
  after(async () => {
    await testStore.close();
  });

  async function seedAgent() {
    const accountId = ids.next('acc');
    await store.accounts.insert(accountRow({ id: accountId, createdAt: T0 }));
    const agentId = ids.next('agt');
    await store.agents.insert(agentRow({ id: agentId, accountId, createdAt: T0 }));
    return { accountId, agentId };
  }

  const run = (accountId: string, agentId: string, fields: Partial<TestRunRecord> = {}): TestRunRecord => ({
    id: ids.next('run'),
    accountId,
    agentId,
    trigger: 'manual',
    state: 'queued',
    knowledgeVersion: 0,
    model: 'use-lite',
    compareModel: null,
    passed: 0,
    failed: 0,
    results: [],
    comparison: null,
    error: null,
    createdAt: T0,
    completedAt: null,
    ...fields,
  });

  test('questions round-trip, list newest first, and stay in their account', async () => {
    const { accountId, agentId } = await seedAgent();
    const other = await seedAgent();
    const first = {
      id: ids.next('tq'),
      accountId,
      agentId,
      question: 'When are you open?',
      expectedSourceIds: ['src_a', 'src_b'],
      expectNothing: false,
      k: 3,
      createdAt: T0,
    };
    const second = {
      id: ids.next('tq'),
      accountId,
      agentId,
      question: 'Do you sell cars?',
      expectedSourceIds: null,
      expectNothing: true,
      k: 3,
      createdAt: T0 + 1,
    };
    assert.equal(await store.testQuestions.insertWithinLimit(accountId, agentId, [first], 500), true);
    assert.equal(await store.testQuestions.insertWithinLimit(accountId, agentId, [second], 500), true);
    assert.deepEqual(await store.testQuestions.get(accountId, agentId, first.id), first);
    const page = await store.testQuestions.list(accountId, agentId, { page: 1, size: 1 });
    assert.equal(page.total, 2);
    assert.deepEqual(page.items, [second]);
    assert.deepEqual(
      (await store.testQuestions.all(accountId, agentId)).map((q) => q.id),
      [first.id, second.id],
    );
    assert.equal(await store.testQuestions.count(accountId, agentId), 2);
    assert.equal(await store.testQuestions.get(other.accountId, agentId, first.id), undefined);
    assert.equal(await store.testQuestions.delete(other.accountId, agentId, first.id), false);
    assert.equal(await store.testQuestions.delete(accountId, agentId, first.id), true);
    assert.equal(await store.testQuestions.count(accountId, agentId), 1);
  });

  test('questions inserted within a limit: all or none, and concurrent inserts never pass it', async () => {
    const { accountId, agentId } = await seedAgent();
    const batch = (size: number) =>
      Array.from({ length: size }, (_, i) => ({
        id: ids.next('tq'),
        accountId,
        agentId,
        question: `Question ${i}?`,
        expectedSourceIds: null,
        expectNothing: true,
        k: 3,
        createdAt: T0,
      }));
    assert.equal(await store.testQuestions.insertWithinLimit(accountId, agentId, batch(3), 5), true);
    assert.equal(await store.testQuestions.insertWithinLimit(accountId, agentId, batch(3), 5), false);
    assert.equal(await store.testQuestions.count(accountId, agentId), 3, 'none of the refused batch');
    // Two batches at once, each fitting alone (3 + 2) but not both (3 + 2 + 2): the second starts
    // while the first's transaction is open and, counting after it commits, is refused.
    let second: Promise<boolean> | undefined;
    const first = await store.transaction(async (tx) => {
      const won = await tx.testQuestions.insertWithinLimit(accountId, agentId, batch(2), 5);
      second = store.testQuestions.insertWithinLimit(accountId, agentId, batch(2), 5);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return won;
    });
    assert.deepEqual([first, await second], [true, false]);
    assert.equal(await store.testQuestions.count(accountId, agentId), 5);
  });

  test('a queued run is claimed once; only its holder finishes it; an expired lease frees it', async () => {
    const { accountId, agentId } = await seedAgent();
    const queued = run(accountId, agentId);
    await store.testRuns.insert(queued, null);
    const lease = { token: 'one', until: T0 + 1000 };
    const [a, b] = await Promise.all([
      store.testRuns.claimQueued(T0, lease),
      store.testRuns.claimQueued(T0, { token: 'two', until: T0 + 1000 }),
    ]);
    assert.equal([a, b].filter((claimed) => claimed?.id === queued.id).length, 1);
    const holder = a?.id === queued.id ? lease : { token: 'two', until: T0 + 1000 };
    assert.equal(await store.testRuns.claimQueued(T0 + 500, { token: 'three', until: T0 + 2000 }), undefined);
    const retaken = await store.testRuns.claimQueued(T0 + 1001, { token: 'three', until: T0 + 3000 });
    assert.equal(retaken?.id, queued.id);
    const outcome = {
      state: 'completed' as const,
      passed: 1,
      failed: 0,
      results: [
        {
          questionId: 'tq_1',
          question: 'q',
          passed: true,
          rank: 1,
          score: 0.8,
          topSources: [{ id: 'src_a', title: 'A', score: 0.8 }],
        },
      ],
      comparison: null,
      error: null,
      knowledgeVersion: 4,
      completedAt: T0 + 1500,
    };
    assert.equal(await store.testRuns.finish(queued.id, holder, outcome), false, 'a lost lease cannot finish');
    assert.equal(await store.testRuns.finish(queued.id, { token: 'three', until: 0 }, outcome), true);
    const stored = await store.testRuns.get(accountId, agentId, queued.id);
    assert.deepEqual({ ...stored }, { ...queued, ...outcome });
    assert.deepEqual((await store.testRuns.latestCompleted(accountId, agentId))?.id, queued.id);
    assert.equal((await store.testRuns.list(accountId, agentId, { page: 1, size: 20 })).total, 1);
    assert.equal(await store.testRuns.get(ids.next('acc'), agentId, queued.id), undefined);
  });

  test('a knowledge change is due once quiet for the window, or pending past the longest wait', async () => {
    const { accountId, agentId } = await seedAgent();
    await store.evaluationSchedule.watch(accountId, agentId, 0, T0);
    await store.evaluationSchedule.watch(accountId, agentId, 5, T0);
    const lease = (until: number) => ({ token: ids.secret(8), until });
    assert.equal(
      await store.evaluationSchedule.claimDue(T0 + 60_000, 10_000, 60_000, lease(T0 + 70_000)),
      undefined,
      'nothing changed',
    );

    await store.agents.bumpKnowledgeVersion(agentId);
    await store.evaluationSchedule.observe(T0 + 1000);
    assert.equal(
      await store.evaluationSchedule.claimDue(T0 + 5000, 10_000, 60_000, lease(T0 + 9000)),
      undefined,
      'not quiet yet',
    );
    // Changes keep coming: each moves the quiet window, but the longest wait still ends it.
    for (let t = 5000; t <= 60_000; t += 5000) {
      await store.agents.bumpKnowledgeVersion(agentId);
      assert.equal(await store.evaluationSchedule.observe(T0 + t), 1);
      if (t < 60_000)
        assert.equal(await store.evaluationSchedule.claimDue(T0 + t + 1, 10_000, 60_000, lease(T0 + t + 2)), undefined);
    }
    const hold = lease(T0 + 120_000);
    const due = await store.evaluationSchedule.claimDue(T0 + 61_000, 10_000, 60_000, hold);
    assert.deepEqual(due, { accountId, agentId, version: 13 });
    assert.equal(
      await store.evaluationSchedule.claimDue(T0 + 61_000, 10_000, 60_000, lease(T0 + 120_000)),
      undefined,
      'held',
    );
    await store.evaluationSchedule.evaluated(agentId, 13, hold);
    assert.equal(
      await store.evaluationSchedule.claimDue(T0 + 200_000, 10_000, 60_000, lease(T0 + 300_000)),
      undefined,
      'evaluated',
    );

    await store.agents.bumpKnowledgeVersion(agentId);
    await store.evaluationSchedule.observe(T0 + 200_000);
    assert.deepEqual(await store.evaluationSchedule.claimDue(T0 + 210_000, 10_000, 60_000, lease(T0 + 300_000)), {
      accountId,
      agentId,
      version: 14,
    });
  });
});
