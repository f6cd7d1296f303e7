// Migration 0012 on PostgreSQL: every change to a key or an account that a cached key lookup could
// hold is announced on the `colloquy_key_changes` channel (LISTEN/NOTIFY), so every process drops
// its cached copy at once (key-change-listener.ts). Writing only a key's last-use
// time announces nothing: no process reads it from the cache.
export const KEY_CHANGE_CHANNEL = 'colloquy_key_changes';

export const POSTGRES_KEY_CHANGE_TRIGGERS: string[] = [
  `CREATE FUNCTION colloquy_announce_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_used_at') = (to_jsonb(NEW) - 'last_used_at') THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('${KEY_CHANGE_CHANNEL}', 'key:' || OLD.id);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER api_keys_announce_change AFTER UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION colloquy_announce_key_change()`,
  `CREATE FUNCTION colloquy_announce_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${KEY_CHANGE_CHANNEL}', 'account:' || OLD.id);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER accounts_announce_change AFTER UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION colloquy_announce_account_change()`,
];
