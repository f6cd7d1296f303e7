// Whether a conversation is with the agent or with people (and why it was handed over), who wrote
// a person's reply, and the agents that hand over by themselves when a visitor asks for a person.
// On PostgreSQL also: a stored message, a conversation moving between the agent and people, or a
// deleted conversation, is announced on the `colloquy_conversations` channel with the
// conversation's id when its transaction commits (LISTEN/NOTIFY), so streams following it on any
// node wake at once. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const HANDOFF: string[] = [
  `ALTER TABLE conversations ADD COLUMN handoff_state TEXT NOT NULL DEFAULT 'agent'`,
  `ALTER TABLE conversations ADD COLUMN handoff_reason TEXT`,
  `ALTER TABLE conversations ADD COLUMN handoff_by TEXT`,
  `ALTER TABLE conversations ADD COLUMN handoff_at BIGINT`,
  // The inbox: an account's conversations waiting for a person, newest first.
  `CREATE INDEX conversations_with_people ON conversations (account_id, handoff_state, updated_at)`,
  // Null for the user and the model; a person's name on a reply written by a person.
  `ALTER TABLE messages ADD COLUMN author_name TEXT`,
  `ALTER TABLE agents ADD COLUMN handoff_enabled INTEGER NOT NULL DEFAULT 0`,
];

export const m0016Handoff: ShippedMigration = {
  sqlite: { name: '0016_handoff', statements: HANDOFF },
  postgres: {
    name: '0016_handoff',
    statements: [
      ...HANDOFF,
      `CREATE FUNCTION colloquy_announce_message() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('colloquy_conversations', NEW.conversation_id);
    RETURN NULL;
  END $$`,
      `CREATE TRIGGER messages_announce_insert AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION colloquy_announce_message()`,
      `CREATE FUNCTION colloquy_announce_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('colloquy_conversations', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    RETURN NULL;
  END $$`,
      `CREATE TRIGGER conversations_announce_handoff AFTER UPDATE OF handoff_state ON conversations FOR EACH ROW WHEN (OLD.handoff_state IS DISTINCT FROM NEW.handoff_state) EXECUTE FUNCTION colloquy_announce_conversation()`,
      `CREATE TRIGGER conversations_announce_delete AFTER DELETE ON conversations FOR EACH ROW EXECUTE FUNCTION colloquy_announce_conversation()`,
    ],
  },
};
