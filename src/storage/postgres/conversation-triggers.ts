// Part of migration 0016_handoff on PostgreSQL: a stored message, a conversation moving between
// the agent and people, or a deleted conversation, is announced on `colloquy_conversations` with the conversation's id, when
// its transaction commits (LISTEN/NOTIFY): streams following it on any node wake at once.
export const CONVERSATION_CHANNEL = 'colloquy_conversations';

export const POSTGRES_CONVERSATION_TRIGGERS: string[] = [
  `CREATE FUNCTION colloquy_announce_message() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${CONVERSATION_CHANNEL}', NEW.conversation_id);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER messages_announce_insert AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION colloquy_announce_message()`,
  `CREATE FUNCTION colloquy_announce_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${CONVERSATION_CHANNEL}', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER conversations_announce_handoff AFTER UPDATE OF handoff_state ON conversations FOR EACH ROW WHEN (OLD.handoff_state IS DISTINCT FROM NEW.handoff_state) EXECUTE FUNCTION colloquy_announce_conversation()`,
  `CREATE TRIGGER conversations_announce_delete AFTER DELETE ON conversations FOR EACH ROW EXECUTE FUNCTION colloquy_announce_conversation()`,
];
