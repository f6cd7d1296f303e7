// Storage whose release was lost (the database away at that moment, or the process killed) comes
// back: on SQLite at start, on PostgreSQL at start and then periodically while the nodes serve,
// without touching an agent whose reservations may still be in use on another node.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Store } from '../../src/ports/store.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { createStorageRecounter, recountStorageAtStart } from '../../src/workers/recount-storage.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, agentRow, openTestStore, type TestStore } from '../support/test-store.ts';

const ids = createUlidIds();
const quiet = { warn: () => {}, error: () => {} };

describe(`storage recount (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;
  let config: Config;

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
    config = loadConfig({ ...testStore.database.env });
  });
  after(() => testStore.close());

  async function agentWithLostRelease(amount: number): Promise<{ accountId: string; agentId: string }> {
    const accountId = ids.next('acc');
    await store.accounts.insert(accountRow({ id: accountId, creditBalance: 0, createdAt: Date.now() }));
    const agentId = ids.next('agt');
    await store.agents.insert(agentRow({ id: agentId, accountId, createdAt: Date.now() }));
    // Reserved; the work failed; its release never reached the database.
    assert.equal(await store.agents.reserveStorage(accountId, agentId, amount, 10_000), true);
    return { accountId, agentId };
  }
  const used = async ({ accountId, agentId }: { accountId: string; agentId: string }) =>
    (await store.agents.get(accountId, agentId))?.storageUsed;

  test('at start: every agent on SQLite; on PostgreSQL only agents quiet for long enough', async () => {
    const lost = await agentWithLostRelease(75);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const busy = await agentWithLostRelease(40);
    await recountStorageAtStart(config, store, quiet, 30);
    assert.equal(await used(lost), 0, 'the lost reservation is given back');
    // On PostgreSQL an agent that reserved a moment ago may have work under way on another node.
    assert.equal(await used(busy), TEST_BACKEND === 'postgres' ? 40 : 0);
  });

  test(
    'while serving (PostgreSQL): a recount every round, without stopping any node',
    { skip: TEST_BACKEND !== 'postgres' ? 'SQLite recounts at start only' : false },
    async () => {
      const lost = await agentWithLostRelease(75);
      const recounter = createStorageRecounter(config, store, quiet, { quietMs: 100, everyMs: 50 });
      assert.ok(recounter);
      recounter.start();
      try {
        const deadline = Date.now() + 5_000;
        while ((await used(lost)) !== 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(await used(lost), 0);
      } finally {
        await recounter.stop();
      }
    },
  );
});
