// Conversations, their messages and the client tool calls of assistant messages, in the SQL both
// engines accept. Each table references its agent ON DELETE CASCADE, and each agent_id is indexed
// so that deleting an agent does not scan a whole table (SQLite). Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const CHAT: string[] = [
  // last_seq: the seq of the latest message ever stored; appends take the next ones from it, so a
  // seq is never reused, even after deletes.
  `CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    user_id TEXT,
    title TEXT,
    last_seq BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE INDEX conversations_by_agent ON conversations (agent_id, updated_at, id)`,
  // One persistent conversation per end user of an agent (the race of two first messages).
  `CREATE UNIQUE INDEX conversations_user_once ON conversations (agent_id, user_id) WHERE user_id IS NOT NULL`,
  `CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    role TEXT NOT NULL,
    content TEXT,
    seq BIGINT NOT NULL,
    finish_reason TEXT,
    credits BIGINT NOT NULL DEFAULT 0,
    feedback_rating TEXT,
    feedback_comment TEXT,
    feedback_at BIGINT,
    created_at BIGINT NOT NULL,
    UNIQUE (conversation_id, seq)
  )`,
  `CREATE INDEX messages_by_agent ON messages (agent_id)`,
  `CREATE TABLE tool_calls (
    id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    name TEXT NOT NULL,
    arguments TEXT NOT NULL,
    status TEXT NOT NULL,
    output TEXT,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE INDEX tool_calls_by_message ON tool_calls (message_id, ordinal)`,
  `CREATE INDEX tool_calls_by_status ON tool_calls (conversation_id, status)`,
  `CREATE INDEX tool_calls_by_agent ON tool_calls (agent_id)`,
];

export const m0005Chat: ShippedMigration = {
  sqlite: { name: '0005_chat', statements: CHAT },
  postgres: { name: '0005_chat', statements: CHAT },
};
