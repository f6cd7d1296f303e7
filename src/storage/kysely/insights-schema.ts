// Migration 0009_insights, the same on both engines but for the vector column's type:
// the questions asked of each agent (for the unanswered list and the most asked topics), and the
// extracted text of each source as stored blocks (the source viewer).
export function insightsSchema(binaryType: 'BLOB' | 'BYTEA'): string[] {
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

export interface QuestionsTable {
  id: string;
  account_id: string;
  agent_id: string;
  conversation_id: string | null;
  message_id: string | null;
  origin: string;
  text: string;
  grounded: number;
  best_score: number | null;
  embedding: Uint8Array | null;
  embedding_model: string | null;
  answered_by_source_id: string | null;
  created_at: number;
}

export interface SourceSectionsTable {
  source_id: string;
  agent_id: string;
  ordinal: number;
  text: string;
  heading: string | null;
  page: number | null;
}

export interface InsightTables {
  questions: QuestionsTable;
  source_sections: SourceSectionsTable;
}
