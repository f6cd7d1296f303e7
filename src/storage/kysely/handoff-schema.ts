// Migration 0016_handoff, the same on both engines: whether a conversation is with the agent or
// with people (and why it was handed over), who wrote a person's reply, and the agents that hand
// over by themselves when a visitor asks for a person.
export const HANDOFF_SCHEMA: string[] = [
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
