// The insights' questions on the suite's backend (COLLOQUY_TEST_BACKEND): answering a group claims
// its questions once, and on PostgreSQL the claim locks them in id order, whatever order the rows lie
// in, so two answers to overlapping groups wait for each other instead of deadlocking (the loser
// was a 500 before).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { Store } from '../../src/ports/store.ts';
import type { QuestionRecord } from '../../src/ports/insight-store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { isServiceUnavailable } from '../../src/ports/unavailable.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const T0 = Date.parse('2026-11-01T00:00:00Z');

describe(`question store contract (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
  });
  after(async () => {
    await testStore.close();
  });

  async function seed(count: number) {
    const accountId = ids.next('acc');
    await store.accounts.insert(accountRow({ id: accountId, createdAt: T0 }));
    const agentId = ids.next('agt');
    await store.agents.insert(agentRow({ id: agentId, accountId, createdAt: T0 }));
    const questionIds = Array.from({ length: count }, () => ids.next('qst'));
    // Stored last id first and dated so: the table's physical order and its (agent, created_at, id)
    // index both run against the ids' order, as rows moved by updates and clocks can leave them.
    for (const [i, id] of [...questionIds].reverse().entries())
      await store.questions.insert(question(accountId, agentId, id, T0 + i));
    return { accountId, agentId, questionIds };
  }

  const question = (accountId: string, agentId: string, id: string, createdAt: number): QuestionRecord => ({
    id,
    accountId,
    agentId,
    conversationId: null,
    messageId: null,
    origin: 'search',
    text: `question ${id}`,
    grounded: false,
    bestScore: null,
    embedding: null,
    embeddingModel: null,
    answeredBySourceId: null,
    createdAt,
  });

  test('overlapping claims: each question is answered by one source, and the later claim counts only what it got', async () => {
    const { accountId, agentId, questionIds } = await seed(3);
    const [a, b, c] = questionIds as [string, string, string];
    assert.equal(await store.questions.markAnswered(accountId, agentId, [a, b], 'src_1'), 2);
    assert.equal(await store.questions.markAnswered(accountId, agentId, [c, b], 'src_2'), 1);
    const stored = await store.questions.byIds(accountId, agentId, questionIds);
    assert.deepEqual(Object.fromEntries(stored.map((q) => [q.id, q.answeredBySourceId])), {
      [a]: 'src_1',
      [b]: 'src_1',
      [c]: 'src_2',
    });
    assert.equal(await store.questions.markAnswered('acc_other', agentId, [c], 'src_3'), 0, 'another account');
  });

  test(
    'PostgreSQL: a claim locks its questions in id order, not in the order the rows lie in',
    {
      skip: TEST_BACKEND !== 'postgres' && 'one writer at a time on SQLite',
    },
    async () => {
      const { accountId, agentId, questionIds } = await seed(3);
      const [first, middle, last] = questionIds as [string, string, string];
      const url = testStore.database.env.DATABASE_URL as string;
      const holder = new pg.Client({ connectionString: url });
      const probe = new pg.Client({ connectionString: url });
      await holder.connect();
      await probe.connect();
      try {
        // Another transaction holds the middle question: the claim takes what comes before it in
        // its order, then waits.
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM questions WHERE id = $1 FOR UPDATE', [middle]);
        const claim = store.transaction((tx) => tx.questions.markAnswered(accountId, agentId, questionIds, 'src_1'));
        const waiting = async () =>
          (
            await probe.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%questions%'",
            )
          ).rows[0].n as number;
        for (let i = 0; (await waiting()) === 0; i += 1) {
          assert.ok(i < 500, 'the claim never waited for the held question');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const free = async (id: string) => {
          await probe.query('BEGIN');
          try {
            await probe.query('SELECT id FROM questions WHERE id = $1 FOR UPDATE NOWAIT', [id]);
            return true;
          } catch (error) {
            if ((error as { code?: string }).code === '55P03') return false;
            throw error;
          } finally {
            await probe.query('ROLLBACK');
          }
        };
        assert.equal(await free(first), false, 'the first question in id order is taken');
        assert.equal(await free(last), true, 'the last one waits its turn: nothing after the held row is taken');
        await holder.query('ROLLBACK');
        assert.equal(await claim, 3);
      } finally {
        await holder.end();
        await probe.end();
      }
    },
  );

  test(
    'PostgreSQL: a transaction the database stops to break a deadlock is "unavailable, send it again", not an unknown error',
    {
      skip: TEST_BACKEND !== 'postgres' && 'one writer at a time on SQLite',
    },
    async () => {
      // Two transactions that take the same two rows in opposite orders: whatever the claim's order,
      // such a cycle can still come from elsewhere, and PostgreSQL then stops one of them.
      const { accountId, agentId, questionIds } = await seed(2);
      const [first, second] = questionIds as [string, string];
      let tookFirst: () => void = () => {};
      const firstTaken = new Promise<void>((resolve) => (tookFirst = resolve));
      let tookSecond: () => void = () => {};
      const secondTaken = new Promise<void>((resolve) => (tookSecond = resolve));
      const outcomes = await Promise.allSettled([
        store.transaction(async (tx) => {
          await tx.questions.markAnswered(accountId, agentId, [first], 'src_a');
          tookFirst();
          await secondTaken;
          await tx.questions.markAnswered(accountId, agentId, [second], 'src_a');
        }),
        store.transaction(async (tx) => {
          await tx.questions.markAnswered(accountId, agentId, [second], 'src_b');
          tookSecond();
          await firstTaken;
          await tx.questions.markAnswered(accountId, agentId, [first], 'src_b');
        }),
      ]);
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
      assert.equal(failed.length, 1, 'one of the two is stopped, the other commits');
      const error = (failed[0] as PromiseRejectedResult).reason as Error & { retryAfterSeconds?: number };
      assert.ok(isServiceUnavailable(error), `${error.name}: ${error.message}`);
      assert.ok((error.retryAfterSeconds ?? 0) >= 1);
    },
  );
});
