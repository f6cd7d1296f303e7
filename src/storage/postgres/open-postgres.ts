import pg from 'pg';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import type { Database } from '../kysely/schema/database.ts';
import { migrateToLatest } from '../kysely/migrations/migrate.ts';
import { POSTGRES_MIGRATIONS } from '../kysely/migrations/index.ts';
import { createKyselyStore, repositories } from '../kysely/kysely-store.ts';
import type { Store, StoreRepositories } from '../../ports/store.ts';
import { guardPool, translatingPool } from './guarded-pool.ts';
import { cacheKeyLookups } from '../cached-key-lookup.ts';
import { listenForKeyChanges } from './key-change-listener.ts';
import { ConfigError } from '../../config-error.ts';

// BIGINT columns hold millicredits, epoch milliseconds and counts: all far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresStore extends Store {
  /** The pool, for the rate limiter's shared table. */
  readonly pool: pg.Pool;
  /** The store's database handle (connection failures translated) and its repositories inside a
   * transaction of it: for the job queue, whose rows commit with the storage a job reserves. */
  readonly transactional: { db: Kysely<unknown>; repositoriesIn(trx: Transaction<unknown>): StoreRepositories };
}

export async function openPostgresStore(databaseUrl: string, maxConnections = 10): Promise<PostgresStore> {
  // A bounded wait for a connection: with the server away or every client busy, a request is
  // answered 503 within seconds instead of queueing forever.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections, connectionTimeoutMillis: 5_000 });
  // A client's error (server restart) must not crash the process; the next query reconnects.
  guardPool(pool);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: translatingPool(pool) as unknown as pg.Pool }),
  });
  try {
    await firstConnection(pool, databaseUrl);
    await migrateToLatest(db as Kysely<unknown>, POSTGRES_MIGRATIONS);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const store = createKyselyStore(db, 'postgres');
  // Key lookups from memory, kept exact by the 0012 triggers' notifications.
  const feed = await listenForKeyChanges(databaseUrl);
  const close = store.close.bind(store);
  return Object.assign(store, {
    pool,
    transactional: {
      db: db as Kysely<unknown>,
      repositoriesIn: (trx: Transaction<unknown>) => repositories(trx as unknown as Transaction<Database>, 'postgres'),
    },
    keys: cacheKeyLookups(store.keys, feed),
    close: async () => {
      await feed.close();
      await close();
    },
  });
}

/** The first query, before migrating: a server that cannot be reached (down, a wrong host or port,
 * an unknown database or role, a refused password) stops the start with a message that says which
 * server and why, not as a failed migration. Never the password: pg's messages do not carry it. */
async function firstConnection(pool: pg.Pool, databaseUrl: string): Promise<void> {
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    const url = new URL(databaseUrl);
    const host = url.hostname || url.searchParams.get('host') || 'localhost';
    const database = decodeURIComponent(url.pathname.slice(1) || url.username);
    const where = `${host}:${url.port || '5432'}, database "${database}"`;
    throw new ConfigError(`DATABASE_URL: cannot connect to PostgreSQL at ${where}: ${reasonOf(error)}`);
  }
}

/** A refused connection to a name with several addresses is an AggregateError with no message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}
