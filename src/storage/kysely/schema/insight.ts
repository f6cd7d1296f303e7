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
