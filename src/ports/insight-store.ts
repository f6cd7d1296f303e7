// What the insights read and write: the questions asked of an agent, with whether
// grounding found a passage; the replies rated down; conversations for export; and what a source
// was extracted into (its sections) and indexed as (its chunks), for the source viewer.
import type { Page, PageRequest } from './page.ts';
import type { MessageRecord, ConversationRecord, ToolCallRecord } from './conversation-store.ts';

export type QuestionOrigin = 'chat' | 'search';

export interface QuestionRecord {
  id: string;
  accountId: string;
  agentId: string;
  /** The conversation and user message it was asked in (chat); null for a search. */
  conversationId: string | null;
  messageId: string | null;
  origin: QuestionOrigin;
  text: string;
  /** False when no passage reached the score floor. */
  grounded: boolean;
  bestScore: number | null;
  /** Filled when the insights first group the question (with the embedder of that time). */
  embedding: Float32Array | null;
  embeddingModel: string | null;
  /** The Q&A source added from the insights for this question's group. */
  answeredBySourceId: string | null;
  createdAt: number;
}

export interface Period {
  from: number;
  to: number;
}

export interface QuestionFilter {
  origin?: QuestionOrigin;
  /** Only questions grounding found nothing for, and no Q&A was added for since. */
  unanswered?: boolean;
}

export interface QuestionStore {
  insert(question: QuestionRecord): Promise<void>;
  /** The latest `limit` questions of the period, newest first. */
  inPeriod(
    accountId: string,
    agentId: string,
    period: Period,
    filter: QuestionFilter,
    limit: number,
  ): Promise<{ items: QuestionRecord[]; total: number }>;
  byIds(accountId: string, agentId: string, ids: readonly string[]): Promise<QuestionRecord[]>;
  setEmbedding(questionId: string, embedding: Float32Array, model: string): Promise<void>;
  /** Marks those of `ids` not answered yet as answered by the source; how many it marked. Of two
   * calls for the same question only the first marks it; in a transaction, the rows are locked in
   * id order, so overlapping calls wait for each other and never deadlock. */
  markAnswered(accountId: string, agentId: string, ids: readonly string[], sourceId: string): Promise<number>;
}

export interface DownvotedReply {
  messageId: string;
  conversationId: string;
  /** The user message the reply answered (the latest before it); null when there was none. */
  question: string | null;
  reply: string | null;
  comment: string | null;
  ratedAt: number;
  /** Who wrote a person's reply (docs/handoff.md); null for the agent's. */
  authorName: string | null;
}

export interface InsightStore {
  /** Replies rated down in the period (by the rating's time), newest first. */
  downvoted(accountId: string, agentId: string, period: Period, page: PageRequest): Promise<Page<DownvotedReply>>;
  /** Conversations created in the period, oldest first, after `cursor` (keyset), at most `limit`,
   * each with all its messages (and their tool calls with outputs) in order. */
  conversationsForExport(
    accountId: string,
    agentId: string,
    period: Period,
    cursor: { createdAt: number; id: string } | null,
    limit: number,
  ): Promise<Array<{ conversation: ConversationRecord; messages: MessageRecord[] }>>;
  /** A conversation's tool calls with their outputs, newest message first (the console's view). */
  toolCalls(accountId: string, conversationId: string, page: PageRequest): Promise<Page<ToolCallRecord>>;
}

/** A block of a source's extracted text, in reading order. */
export interface SourceSection {
  ordinal: number;
  text: string;
  heading: string | null;
  page: number | null;
}

export interface SourceChunkView {
  ordinal: number;
  content: string;
  heading: string | null;
  page: number | null;
}

export interface SourceViewStore {
  /** Replaces the source's stored extracted text (call in the transaction that stores its chunks). */
  replaceSections(
    sourceId: string,
    agentId: string,
    sections: readonly Omit<SourceSection, 'ordinal'>[],
  ): Promise<void>;
  sections(agentId: string, sourceId: string, page: PageRequest): Promise<Page<SourceSection>>;
  chunks(agentId: string, sourceId: string, page: PageRequest): Promise<Page<SourceChunkView>>;
}
