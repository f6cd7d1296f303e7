import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import type { Database } from '../kysely/schema/database.ts';
import { migrateToLatest } from '../kysely/migrations/migrate.ts';
import { SQLITE_MIGRATIONS } from '../kysely/migrations/index.ts';
import { createKyselyStore } from '../kysely/kysely-store.ts';
import type { Store } from '../../ports/store.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { cacheKeyLookups } from '../cached-key-lookup.ts';
import { watchKeyVersion, type KeyVersionFeed } from './key-change-version.ts';
import { ensureDataDir } from '../../config-data-dir.ts';

export const SQLITE_FILE_NAME = 'colloquy.db';

/** Opens (creating if needed) `dataDir/colloquy.db` in WAL mode and migrates it. */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  ensureDataDir(dataDir);
  const database = new DatabaseSync(join(dataDir, SQLITE_FILE_NAME), { allowExtension: true });
  database.exec('PRAGMA journal_mode = WAL');
  // The CLI and a running server share the file: wait for the other's write lock, don't fail.
  database.exec('PRAGMA busy_timeout = 10000');
  database.exec('PRAGMA synchronous = NORMAL');
  database.exec('PRAGMA foreign_keys = ON');
  // The key cache hears of this connection's own writes at once (see key-change-version.ts).
  let keyFeed: KeyVersionFeed | null = null;
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(database, () => keyFeed?.noteWrite()) });
  await migrateToLatest(db as Kysely<unknown>, SQLITE_MIGRATIONS);
  const store = createKyselyStore(db, 'sqlite');
  keyFeed = watchKeyVersion(database);
  return Object.assign(store, { keys: cacheKeyLookups(store.keys, keyFeed) });
}
