// Cached key lookups on SQLite, kept exact by a version number: migration 0012's triggers raise it
// on every change to a key (but its last-use time) or an account, whichever process or connection
// makes it (a CLI on the same DATA_DIR included). A lookup reads the one-row version first, and the
// cache is emptied when it moved: right after any write through this process's own connection, and
// otherwise at most every CROSS_PROCESS_CHECK_MS (the read is a large share of a cheap request's cost;
// another process's change, a CLI's or a second worker's, is seen within that many milliseconds).
import type { DatabaseSync } from 'node:sqlite';
import type { KeyChange, KeyChangeFeed } from '../cached-key-lookup.ts';

/** api_keys' columns whose change matters to a cached lookup: all but last_used_at. */
const KEY_COLUMNS =
  'account_id, name, key_hash, key_prefix, allowed_agent_ids, allowed_ips, expires_at, quota, usage_total, revoked_at, created_at, kind, allowed_origins';

export const SQLITE_KEY_CHANGE_TRIGGERS: string[] = [
  `CREATE TABLE key_changes (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
  `INSERT INTO key_changes (id, version) VALUES (1, 0)`,
  `CREATE TRIGGER api_keys_changed AFTER UPDATE OF ${KEY_COLUMNS} ON api_keys BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
  `CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
  `CREATE TRIGGER accounts_changed AFTER UPDATE ON accounts BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
  `CREATE TRIGGER accounts_deleted AFTER DELETE ON accounts BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
];

export const CROSS_PROCESS_CHECK_MS = 10;

export interface KeyVersionFeed extends KeyChangeFeed {
  /** This process wrote through its connection: the next lookup reads the version. */
  noteWrite(): void;
}

export function watchKeyVersion(
  database: DatabaseSync,
  now: () => number = performance.now.bind(performance),
): KeyVersionFeed {
  const read = database.prepare('SELECT version FROM key_changes WHERE id = 1');
  const listeners: Array<(change: KeyChange) => void> = [];
  let seen: unknown = (read.get() as { version: unknown } | undefined)?.version;
  let checkedAt = now();
  let wrote = false;
  return {
    live: true,
    noteWrite() {
      wrote = true;
    },
    refresh() {
      const at = now();
      if (!wrote && at - checkedAt < CROSS_PROCESS_CHECK_MS) return;
      wrote = false;
      checkedAt = at;
      const version = (read.get() as { version: unknown } | undefined)?.version;
      if (version === seen) return;
      seen = version;
      for (const listener of listeners) listener({ kind: 'all' });
    },
    onChange: (listener) => void listeners.push(listener),
    async close() {},
  };
}
