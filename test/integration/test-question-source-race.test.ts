// A source deleted after a test question's checks passed but before its transaction (another
// request's delete, committed in between): the add or the import is refused with the same 400 the
// checks give, naming the question and the source, and stores nothing; no question is left
// expecting a source that was gone when it was stored. On the suite's backend (COLLOQUY_TEST_BACKEND).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/ports/store.ts';
import type { RequestContext } from '../../src/domain/context.ts';
import { AppError } from '../../src/domain/errors.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { addTestQuestion } from '../../src/domain/evaluations/add-test-question.ts';
import { importTestQuestions } from '../../src/domain/evaluations/import-test-questions.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const clock = createTestClock();
const T0 = clock.now();

describe(`a test question's source deleted before it is stored (${TEST_BACKEND})`, () => {
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
    await store.accounts.insert(accountRow({ id: accountId, plan: 'starter', createdAt: T0 }));
    const agentId = ids.next('agt');
    await store.agents.insert(agentRow({ id: agentId, accountId, createdAt: T0 }));
    const source = async (title: string) => {
      const id = ids.next('src');
      const record = { id, accountId, agentId, type: 'text' as const, title, content: title, url: null, size: null };
      await store.sources.insert({ ...record, storage: title.length, createdAt: T0 }, []);
      return id;
    };
    const kept = await source('Opening hours');
    const doomed = await source('Parking');
    const ctx: RequestContext = { accountId, plan: 'starter', key: null, requestId: 'race' };
    // The store as a request sees it while another request deletes `doomed`: the delete commits
    // after every check has read the source and before the storing transaction begins.
    const racing: Store = {
      ...store,
      transaction: async (work) => {
        await store.sources.delete(accountId, agentId, doomed);
        return store.transaction(work);
      },
    };
    return { accountId, agentId, kept, doomed, ctx, deps: { clock, ids, store: racing } };
  }

  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => assert.fail('stored a question whose source was deleted'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof AppError, String(error));
    return { code: error.code, message: error.message, list: error.details.list };
  };

  test('an import: 400 naming the question of the file and the source; nothing stored', async () => {
    const { accountId, agentId, kept, doomed, ctx, deps } = await seed();
    const file = [
      { question: 'When do you open?', expectedSourceIds: [kept] },
      { question: 'Where can I park?', expectedSourceIds: [kept, doomed] },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    assert.deepEqual(await refusal(importTestQuestions(deps, ctx, agentId, file, 'jsonl')), {
      code: 'INVALID_BODY',
      message: 'Question 2 of the file is invalid; nothing was imported.',
      list: { 'question 2: expectedSourceIds': [`unknown source: ${doomed}`] },
    });
    assert.equal(await store.testQuestions.count(accountId, agentId), 0);
  });

  test('one question: 400 naming the source; nothing stored', async () => {
    const { accountId, agentId, doomed, ctx, deps } = await seed();
    const input = { question: 'Where can I park?', expectedSourceIds: [doomed] };
    assert.deepEqual(await refusal(addTestQuestion(deps, ctx, agentId, input)), {
      code: 'INVALID_BODY',
      message: 'The request is invalid.',
      list: { expectedSourceIds: [`unknown source: ${doomed}`] },
    });
    assert.equal(await store.testQuestions.count(accountId, agentId), 0);
  });

  test('a question expecting nothing is stored whatever was deleted', async () => {
    const { accountId, agentId, ctx, deps } = await seed();
    await addTestQuestion(deps, ctx, agentId, { question: 'What is the torque of a tractor?', expectNothing: true });
    assert.equal(await store.testQuestions.count(accountId, agentId), 1);
  });
});
