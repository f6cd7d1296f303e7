import type { Kysely } from 'kysely';
import type { Database } from './schema/database.ts';
import type { Db } from './kysely-store.ts';

/** Runs `work` in the caller's transaction when there is one (the domain charges credits in the
 * same transaction), else in a transaction of its own: a write of several statements is never
 * left half done. */
export function atomically<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : (db as Kysely<Database>).transaction().execute(work);
}
