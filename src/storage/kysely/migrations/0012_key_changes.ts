// Cached key lookups stay exact: every change to a key (but its last-use time) or an account is
// made known to every process. SQLite raises a one-row version number that lookups read
// (storage/sqlite/key-change-version.ts); PostgreSQL announces the change on the
// `colloquy_key_changes` channel (LISTEN/NOTIFY; storage/postgres/key-change-listener.ts).
// Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

export const m0012KeyChanges: ShippedMigration = {
  sqlite: {
    name: '0012_key_change_version',
    statements: [
      `CREATE TABLE key_changes (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
      `INSERT INTO key_changes (id, version) VALUES (1, 0)`,
      `CREATE TRIGGER api_keys_changed AFTER UPDATE OF account_id, name, key_hash, key_prefix, allowed_agent_ids, allowed_ips, expires_at, quota, usage_total, revoked_at, created_at, kind, allowed_origins ON api_keys BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
      `CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
      `CREATE TRIGGER accounts_changed AFTER UPDATE ON accounts BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
      `CREATE TRIGGER accounts_deleted AFTER DELETE ON accounts BEGIN UPDATE key_changes SET version = version + 1 WHERE id = 1; END`,
    ],
  },
  postgres: {
    name: '0012_key_change_notifications',
    statements: [
      `CREATE FUNCTION colloquy_announce_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_used_at') = (to_jsonb(NEW) - 'last_used_at') THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('colloquy_key_changes', 'key:' || OLD.id);
    RETURN NULL;
  END $$`,
      `CREATE TRIGGER api_keys_announce_change AFTER UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION colloquy_announce_key_change()`,
      `CREATE FUNCTION colloquy_announce_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('colloquy_key_changes', 'account:' || OLD.id);
    RETURN NULL;
  END $$`,
      `CREATE TRIGGER accounts_announce_change AFTER UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION colloquy_announce_account_change()`,
    ],
  },
};
