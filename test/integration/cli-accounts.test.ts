// `accounts create --credits C`: a starting balance is kept in thousandths of a credit, so an
// amount under 0.001 is refused (as `credits add` refuses it) rather than rounded to 0 or 0.001.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { runCli } from '../support/processes.ts';

describe('operator CLI: accounts create --credits', () => {
  let database: TestDatabase;
  const cli = (...args: string[]) => runCli(args, database.env);

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await database.drop();
  });

  test('under 0.001 is refused, exit 1; 0 and 0.001 are kept as given', async () => {
    for (const credits of ['0.0005', '0.0004']) {
      const refused = await cli('accounts', 'create', '--name', 'Tiny', '--credits', credits);
      assert.equal(refused.code, 1, `${credits}: ${refused.stderr}`);
      assert.match(refused.stderr, /"--credits":\["must be at least 0\.001"\]/);
      assert.equal(refused.stdout, '');
    }
    for (const [credits, kept] of [
      ['0', 0],
      ['0.001', 0.001],
    ] as const) {
      const made = await cli('accounts', 'create', '--name', 'Exact', '--credits', credits);
      assert.equal(made.code, 0, made.stderr);
      assert.equal(made.json.credits, kept);
    }
  });
});
