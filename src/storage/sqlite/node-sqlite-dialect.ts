// Kysely ships a SQLite dialect for better-sqlite3's API; node:sqlite is close to it. This adapter
// bridges the differences, so the embedded default needs no native addon.
import type { DatabaseSync} from 'node:sqlite';
import { type SQLInputValue, type StatementSync } from 'node:sqlite';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteStatement } from 'kysely';

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>): SQLInputValue[] => parameters.map(toSqlite);
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

export function wrapDatabase(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (text) => wrapStatement(database.prepare(text)),
  };
}

/** BEGIN IMMEDIATE takes the write lock up front, so a transaction never fails halfway with
 * SQLITE_BUSY when another process (the CLI, a second server) writes at the same time. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #database: DatabaseSync;
  constructor(database: DatabaseSync) {
    super({ database: wrapDatabase(database) });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: wrapDatabase(this.#database) });
  }
}
