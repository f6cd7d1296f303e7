// Direct Kysely access to a test database, beside the Store: to read rows the port does not list
// (the credit ledger) and to build a database as an older release left it (some migrations only).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/storage/kysely/schema/database.ts';
import { migrateToLatest } from '../../src/storage/kysely/migrations/migrate.ts';
import { NodeSqliteDialect } from '../../src/storage/sqlite/node-sqlite-dialect.ts';
import { SQLITE_FILE_NAME } from '../../src/storage/sqlite/open-sqlite.ts';
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from '../../src/storage/kysely/migrations/index.ts';
import type { TestDatabase } from './backend.ts';

export function openRawDatabase(env: TestDatabase['env']): Kysely<Database> {
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
    // The test database is dropped WITH (FORCE) at the end: an idle client's 'error' then must not
    // end the test process.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const database = new DatabaseSync(join(env.DATA_DIR, SQLITE_FILE_NAME));
  database.exec('PRAGMA busy_timeout = 10000');
  return new Kysely<Database>({ dialect: new NodeSqliteDialect(database) });
}

/** Applies only the migrations up to and including `lastName`, as an older release would have. */
export async function migrateUpTo(db: Kysely<Database>, env: TestDatabase['env'], lastName: string): Promise<void> {
  const all = env.DATABASE_URL ? POSTGRES_MIGRATIONS : SQLITE_MIGRATIONS;
  const end = all.findIndex((migration) => migration.name === lastName);
  if (end < 0) throw new Error(`no migration ${lastName}`);
  await migrateToLatest(db as Kysely<unknown>, all.slice(0, end + 1));
}

/** The account's credit ledger, oldest first. */
export async function ledger(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('credit_entries')
    .select(['kind', 'amount', 'balance_after', 'description', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
