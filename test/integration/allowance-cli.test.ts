// The operator's side of allowance renewal: `accounts show` tells when an account renews next, and
// `credits renew-due` runs one round now; two of them at once renew each due account once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { TEST_BACKEND } from '../support/backend.ts';
import { accountRow, openTestStore, type TestStore } from '../support/test-store.ts';
import { runCli } from '../support/processes.ts';
import { ledger, openRawDatabase } from '../support/raw-database.ts';
import { monthlyAnniversary } from '../../src/domain/credits/anniversary.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import type { Database } from '../../src/storage/kysely/schema/database.ts';
import type { Store } from '../../src/ports/store.ts';

const DAY = 86_400_000;

describe(`operator CLI: allowance renewal (${TEST_BACKEND})`, () => {
  let testStore: TestStore;
  let store: Store;
  let raw: Kysely<Database>;
  const cli = (...args: string[]) => runCli(args, testStore.database.env);

  before(async () => {
    testStore = await openTestStore();
    store = testStore.store;
    raw = openRawDatabase(testStore.database.env);
  });
  after(async () => {
    await raw.destroy();
    await testStore.close();
  });

  test('accounts show gives nextAllowanceAt: the first anniversary of a new account', async () => {
    const created = await cli('accounts', 'create', '--name', 'Acme', '--plan', 'starter');
    assert.equal(created.code, 0, created.stderr);
    const shown = await cli('accounts', 'show', created.json.id);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(
      shown.json.nextAllowanceAt,
      new Date(monthlyAnniversary(Date.parse(created.json.createdAt), 1)).toISOString(),
    );
    assert.deepEqual((await cli('credits', 'renew-due')).json, { renewed: 0 }, 'nothing due yet');
  });

  test('two renew-due processes at once renew each due account exactly once', async () => {
    const ids = createUlidIds();
    const createdAt = Date.now() - 40 * DAY;
    const due = Array.from({ length: 12 }, () => ids.next('acc'));
    for (const id of due) {
      await store.accounts.insert(
        accountRow({
          id,
          name: 'Due',
          plan: 'starter',
          creditBalance: 250_000,
          createdAt,
          nextAllowanceAt: monthlyAnniversary(createdAt, 1),
        }),
      );
    }
    const [one, two] = await Promise.all([cli('credits', 'renew-due'), cli('credits', 'renew-due')]);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(two.code, 0, two.stderr);
    assert.equal(one.json.renewed + two.json.renewed, due.length);
    for (const id of due) {
      const entries = await ledger(raw, id);
      assert.deepEqual(
        entries.map((e) => [e.kind, Number(e.amount), e.description]),
        [['allowance', 1_750_000, 'monthly allowance (starter plan)']],
        id,
      );
    }
    const shown = await cli('accounts', 'show', due[0] as string);
    assert.equal(shown.json.credits, 2_000);
    assert.equal(shown.json.nextAllowanceAt, new Date(monthlyAnniversary(createdAt, 2)).toISOString());
  });

  test('renew-due takes no arguments', async () => {
    const result = await cli('credits', 'renew-due', 'acc_x');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unexpected argument/);
  });
});
