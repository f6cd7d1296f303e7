// A CLI command run on the wrong DATA_DIR (a typo, a missing variable) says there is no database
// there and makes none; only the commands that start an install (`accounts create`, `quickstart`)
// make one. SQLite only: on PostgreSQL, DATABASE_URL names the database.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/processes.ts';

describe('operator CLI on a DATA_DIR with no database', () => {
  const root = mkdtempSync(join(tmpdir(), 'colloquy-no-db-'));
  const cli = (dataDir: string, ...args: string[]) =>
    runCli(args, { DATA_DIR: dataDir, DATABASE_URL: undefined, COLLOQUY_CONFIG: undefined });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('a command for an existing install fails clearly, exit 1, and creates nothing', async () => {
    const missing = join(root, 'typo');
    const empty = mkdtempSync(join(root, 'empty-'));
    for (const dataDir of [missing, empty]) {
      for (const args of [
        ['accounts', 'show', 'acc_1'],
        ['keys', 'list', '--account', 'acc_1'],
        ['credits', 'add', '--account', 'acc_1', '--amount', '5'],
      ]) {
        const result = await cli(dataDir, ...args);
        assert.equal(result.code, 1, `${args.join(' ')}: ${result.stderr}`);
        assert.equal(result.stdout, '');
        assert.ok(result.stderr.includes(`no database found at ${join(dataDir, 'colloquy.db')}`), result.stderr);
        assert.match(result.stderr, /set DATA_DIR/);
        assert.doesNotMatch(result.stderr, /NOT_FOUND/);
      }
    }
    assert.equal(existsSync(missing), false, 'no folder was made');
    assert.deepEqual(readdirSync(empty), [], 'no database was made');
  });

  test('accounts create and quickstart start a new install there', async () => {
    const fresh = join(root, 'fresh');
    const created = await cli(fresh, 'accounts', 'create', '--name', 'First');
    assert.equal(created.code, 0, created.stderr);
    assert.ok(existsSync(join(fresh, 'colloquy.db')));
    const shown = await cli(fresh, 'accounts', 'show', created.json.id);
    assert.equal(shown.code, 0, shown.stderr);
    const quick = await cli(join(root, 'quick'), 'quickstart');
    assert.equal(quick.code, 0, quick.stderr);
  });
});
