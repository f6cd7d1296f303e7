// The CLI's lists page as the admin API's do: `--page`, `--size` (1 to 100), and the API's
// `pagination` object beside the items.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { runCli } from '../support/processes.ts';

describe('operator CLI lists', () => {
  let database: TestDatabase;
  const cli = (...args: string[]) => runCli(args, database.env);

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await database.drop();
  });

  test('keys list pages: --page and --size, with the API’s pagination object', async () => {
    const account = await cli('accounts', 'create', '--name', 'Paged');
    assert.equal(account.code, 0, account.stderr);
    const made: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const key = await cli('keys', 'create', '--account', account.json.id, '--name', name);
      assert.equal(key.code, 0, key.stderr);
      made.push(key.json.id);
    }
    const first = await cli('keys', 'list', '--account', account.json.id, '--size', '2');
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(
      first.json.keys.map((key: { name: string }) => key.name),
      ['three', 'two'],
    );
    assert.deepEqual(first.json.pagination, { totalPages: 2, currentPage: 1, pagingCounter: 1, hasNextPage: true });
    const second = await cli('keys', 'list', '--account', account.json.id, '--size', '2', '--page', '2');
    assert.deepEqual(
      second.json.keys.map((key: { id: string }) => key.id),
      [made[0]],
    );
    assert.deepEqual(second.json.pagination, { totalPages: 2, currentPage: 2, pagingCounter: 3, hasNextPage: false });
    const wrong = await cli('keys', 'list', '--account', account.json.id, '--size', '101');
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /--size 1 to 100/);
    assert.equal(wrong.stdout, '');
  });
});
