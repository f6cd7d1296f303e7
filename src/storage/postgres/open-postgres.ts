import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../kysely/database.ts';
import { migrateToLatest } from '../kysely/migrate.ts';
import { createKyselyStore } from '../kysely/kysely-store.ts';
import type { Store } from '../../ports/store.ts';
import { POSTGRES_MIGRATIONS } from './migrations.ts';

// BIGINT columns hold millicredits, epoch milliseconds and counts: all far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresStore extends Store {
  /** The pool, for the rate limiter's shared table. */
  readonly pool: pg.Pool;
}

export async function openPostgresStore(databaseUrl: string, maxConnections = 10): Promise<PostgresStore> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db as Kysely<unknown>, POSTGRES_MIGRATIONS);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return Object.assign(createKyselyStore(db, 'postgres'), { pool });
}
