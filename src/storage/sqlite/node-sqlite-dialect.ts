// Kysely ships a SQLite dialect for better-sqlite3's API; node:sqlite is close to it. This adapter
// bridges the differences, so the embedded default needs no native addon.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/** Told after each statement of this connection that is not a plain SELECT (it may have written). */
export type OnWrite = () => void;

const READ_ONLY = /^\s*select\b/i;

function wrapStatement(statement: StatementSync, onWrite: OnWrite | null): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>): SQLInputValue[] => parameters.map(toSqlite);
  const reader = statement.columns().length > 0;
  if (!onWrite || READ_ONLY.test(statement.sourceSQL)) {
    return {
      reader,
      all: (parameters) => statement.all(...bind(parameters)),
      run: (parameters) => statement.run(...bind(parameters)),
      iterate: (parameters) => statement.iterate(...bind(parameters)),
    };
  }
  return {
    reader,
    all: (parameters) => {
      const rows = statement.all(...bind(parameters));
      onWrite();
      return rows;
    },
    run: (parameters) => {
      const result = statement.run(...bind(parameters));
      onWrite();
      return result;
    },
    *iterate(parameters) {
      try {
        yield* statement.iterate(...bind(parameters));
      } finally {
        onWrite();
      }
    },
  };
}

/** Statements Kysely compiles repeat (the same SQL with other parameters): keep them prepared.
 * Bounded, oldest dropped first; only queries the code writes reach it, so the set is small. */
const STATEMENT_CACHE_SIZE = 500;

export function wrapDatabase(database: DatabaseSync, onWrite: OnWrite | null = null): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (text) => {
      let statement = cache.get(text);
      if (!statement) {
        statement = wrapStatement(database.prepare(text), onWrite);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
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
  readonly #database: SqliteDatabase;
  constructor(database: DatabaseSync, onWrite: OnWrite | null = null) {
    const wrapped = wrapDatabase(database, onWrite);
    super({ database: wrapped });
    this.#database = wrapped;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}
