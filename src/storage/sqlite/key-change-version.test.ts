import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { CROSS_PROCESS_CHECK_MS, watchKeyVersion } from './key-change-version.ts';
import { m0012KeyChanges } from '../kysely/migrations/0012_key_changes.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';

function twoConnections() {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-key-version-'));
  const ours = new DatabaseSync(join(dir, 'db.sqlite'));
  ours.exec('PRAGMA journal_mode = WAL');
  for (const statement of m0012KeyChanges.sqlite!.statements.slice(0, 2)) ours.exec(statement);
  const theirs = new DatabaseSync(join(dir, 'db.sqlite'));
  return {
    ours,
    theirs,
    bump: (db: DatabaseSync) => db.exec('UPDATE key_changes SET version = version + 1 WHERE id = 1'),
    done: () => {
      if (ours.isOpen) ours.close();
      theirs.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("another process's change is heard within CROSS_PROCESS_CHECK_MS, this process's own at once", () => {
  const db = twoConnections();
  let clock = 1_000;
  const feed = watchKeyVersion(db.ours, () => clock);
  let heard = 0;
  feed.onChange(() => heard++);

  db.bump(db.theirs);
  feed.refresh?.();
  assert.equal(heard, 0, 'not read again within the interval');
  clock += CROSS_PROCESS_CHECK_MS;
  feed.refresh?.();
  assert.equal(heard, 1);

  clock += 1;
  db.bump(db.ours);
  feed.noteWrite();
  feed.refresh?.();
  assert.equal(heard, 2, 'a write of its own is checked on the next lookup');
  feed.refresh?.();
  assert.equal(heard, 2);
  db.done();
});

test('the dialect reports statements that may write, not plain SELECTs', async () => {
  const db = twoConnections();
  let writes = 0;
  const kysely = new Kysely<unknown>({ dialect: new NodeSqliteDialect(db.ours, () => writes++) });
  await sql`SELECT version FROM key_changes`.execute(kysely);
  assert.equal(writes, 0);
  await sql`UPDATE key_changes SET version = version + 1 RETURNING version`.execute(kysely);
  await sql`update key_changes set version = 7`.execute(kysely);
  assert.equal(writes, 2);
  await kysely.destroy(); // closes `ours`
  db.done();
});
