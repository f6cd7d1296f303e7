import type { QuestionRecord } from '../../../ports/insight-store.ts';
import type { QuestionsTable } from '../schema/insight.ts';
import { toVector } from './vector.ts';

export const toQuestion = (row: QuestionsTable): QuestionRecord => ({
  id: row.id,
  accountId: row.account_id,
  agentId: row.agent_id,
  conversationId: row.conversation_id,
  messageId: row.message_id,
  origin: row.origin as QuestionRecord['origin'],
  text: row.text,
  grounded: Number(row.grounded) === 1,
  bestScore: row.best_score === null ? null : Number(row.best_score),
  embedding: row.embedding ? toVector(row.embedding) : null,
  embeddingModel: row.embedding_model,
  answeredBySourceId: row.answered_by_source_id,
  createdAt: Number(row.created_at),
});
