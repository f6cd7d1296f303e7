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
