// `users create --role R` for a person who is already a member: the role is not changed there (no
// command changes a member's role), so a different one is refused, exit 1, nothing changed; the
// same role, or none, only sets the password.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { runCli } from '../support/processes.ts';

describe('operator CLI: users create --role for a member', () => {
  let database: TestDatabase;
  let accountId: string;
  let passwordFile: string;
  const cli = (...args: string[]) => runCli(args, database.env);
  const roleOf = async (email: string) => {
    const shown = await cli('accounts', 'show', accountId);
    assert.equal(shown.code, 0, shown.stderr);
    const members = (shown.json as { members: Array<{ email: string; role: string }> }).members;
    return members.find((member) => member.email === email)?.role;
  };

  before(async () => {
    database = await createTestDatabase();
    passwordFile = join(database.env.DATA_DIR, 'password.txt');
    writeFileSync(passwordFile, 'a long enough password\n');
    const made = await cli('accounts', 'create', '--name', 'Roles');
    assert.equal(made.code, 0, made.stderr);
    accountId = (made.json as { id: string }).id;
  });
  after(async () => {
    await database.drop();
  });

  const create = (email: string, ...role: string[]) =>
    cli('users', 'create', '--account', accountId, '--email', email, '--password-file', passwordFile, ...role);

  test('a member asked for another role is refused, exit 1, and keeps the role they had', async () => {
    const made = await create('mate@roles.example', '--role', 'teammate');
    assert.equal(made.code, 0, made.stderr);
    assert.equal((made.json as { role: string }).role, 'teammate');

    const refused = await create('mate@roles.example', '--role', 'owner');
    assert.equal(refused.code, 1, refused.stderr);
    assert.equal(refused.stdout, '');
    assert.equal(
      refused.stderr.trim().split('\n').at(-1),
      'colloquy: INVALID_BODY: mate@roles.example is already a member of this account, as teammate; users create does not change a member\'s role (remove the member in the console, then add them with the new role). {"--role":["is teammate for this member, not owner"]}',
    );
    assert.equal(await roleOf('mate@roles.example'), 'teammate');
  });

  test('the same role, or none, sets the password and leaves the role as it is', async () => {
    const viewer = await create('viewer@roles.example', '--role', 'viewer');
    assert.equal(viewer.code, 0, viewer.stderr);
    for (const role of [['--role', 'viewer'], []]) {
      const again = await create('viewer@roles.example', ...role);
      assert.equal(again.code, 0, again.stderr);
      assert.equal((again.json as { role: string }).role, 'viewer');
    }
    assert.equal(await roleOf('viewer@roles.example'), 'viewer');
  });
});
