// The same on both engines but for the vector column's type: the questions asked of each agent
// (for the unanswered list and the most asked topics), and the extracted text of each source as
// stored blocks (the source viewer). Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

function insights(binaryType: 'BLOB' | 'BYTEA'): string[] {
  return [
    // A conversation's or a message's deletion takes its questions with it: what a user had erased
    // does not live on in the insights.
    `CREATE TABLE questions (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
      conversation_id TEXT REFERENCES conversations(id) ON DELETE CASCADE,
      message_id TEXT REFERENCES messages(id) ON DELETE CASCADE,
      origin TEXT NOT NULL,
      text TEXT NOT NULL,
      grounded INTEGER NOT NULL,
      best_score DOUBLE PRECISION,
      embedding ${binaryType},
      embedding_model TEXT,
      answered_by_source_id TEXT,
      created_at BIGINT NOT NULL
    )`,
    `CREATE INDEX questions_by_agent ON questions (agent_id, created_at, id)`,
    `CREATE INDEX questions_by_message ON questions (message_id)`,
    `CREATE INDEX questions_by_conversation ON questions (conversation_id)`,
    `CREATE TABLE source_sections (
      source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
      agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
      ordinal INTEGER NOT NULL,
      text TEXT NOT NULL,
      heading TEXT,
      page INTEGER,
      PRIMARY KEY (source_id, ordinal)
    )`,
    `CREATE INDEX source_sections_by_agent ON source_sections (agent_id)`,
    // The rated-down replies of an agent, by rating time (the insights' rated-down list).
    `CREATE INDEX messages_by_feedback ON messages (agent_id, feedback_rating, feedback_at)`,
  ];
}

export const m0009Insights: ShippedMigration = {
  sqlite: { name: '0009_insights', statements: insights('BLOB') },
  postgres: { name: '0009_insights', statements: insights('BYTEA') },
};
