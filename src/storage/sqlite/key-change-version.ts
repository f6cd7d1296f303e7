// Cached key lookups on SQLite, kept exact by a version number: migration 0012's triggers raise it
// on every change to a key (but its last-use time) or an account, whichever process or connection
// makes it (a CLI on the same DATA_DIR included). A lookup reads the one-row version first, and the
// cache is emptied when it moved: right after any write through this process's own connection, and
// otherwise at most every CROSS_PROCESS_CHECK_MS (the read is a large share of a cheap request's cost;
// another process's change, a CLI's or a second worker's, is seen within that many milliseconds).
import type { DatabaseSync } from 'node:sqlite';
import type { KeyChange, KeyChangeFeed } from '../cached-key-lookup.ts';

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
