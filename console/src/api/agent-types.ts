// The agent routes' answers as the console reads them: knowledge sources, search, chat frames and
// conversations (src/http/routes/*.ts and src/http/schemas.ts are the source of truth).
import type { Pagination } from './types.ts';

export type SourceType = 'text' | 'qa' | 'file' | 'website';

export interface Source {
  id: string;
  type: SourceType;
  /** Text title, Q&A question, file name, or page title. */
  title: string;
  /** Text sources only. */
  content?: string;
  /** File sources only: bytes. */
  size?: number;
  /** Website sources only: the normalised page URL. */
  url?: string;
  createdAt: string;
}

export interface SourceList {
  success: true;
  sources: Source[];
  pagination: Pagination & { totalSources: number };
}

export interface AddedSource {
  success: true;
  source: Source;
}

export interface CrawlProgress {
  found: number;
  added: number;
  skipped: number;
}

export interface SkippedPage {
  url: string;
  /** known, robots, not-html, http-error, blocked, timeout, too-large, empty, network. */
  reason: string;
  status?: number;
}

/** What a crawl did: the final frame of the stream, or `error.output` when a plan limit stopped it. */
export interface CrawlReport {
  url: string;
  added: Array<Pick<Source, 'id' | 'title' | 'url'>>;
  skipped: SkippedPage[];
}

export interface SearchResult {
  /** 0..1; nothing under 0.3 is returned. */
  score: number;
  content: string;
  source: { id: string; type: string; title: string };
  /** Only from the explain endpoint. */
  explain?: ScoreExplanation;
}

/** The console's explain mode: why a passage scored what it did (docs/search.md). */
export interface ScoreExplanation {
  /** 0..1, from the embedding cosine read on the model's calibrated scale. */
  semantic: number;
  /** 0..1, from BM25 as a share of the query's highest possible score. */
  keyword: number;
  cosine: number;
  bm25: number;
}

export interface ModelCalibration {
  model: string;
  unrelated: number;
  paraphrase: number;
  spread: number;
  separates: boolean;
  semanticMidpoint?: number;
}

export type ToolCallStatus = 'pending' | 'completed' | 'canceled';

export interface ToolCall {
  id: string;
  type: 'function';
  /** `arguments` is a JSON text, as the model wrote it. */
  function: { name: string; arguments: string };
  status: ToolCallStatus;
}

export interface Feedback {
  rating: 'up' | 'down';
  comment?: string;
  createdAt: string;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  /** Absent on an assistant message that only called tools. */
  content?: string;
  tool_calls?: ToolCall[];
  feedback?: Feedback;
  createdAt: string;
}

export interface Conversation {
  id: string;
  userId: string | null;
  /** The first user message, shortened; null before any. */
  title: string | null;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationList {
  success: true;
  conversations: Conversation[];
  pagination: Pagination & { totalConversations: number };
}

export interface MessageList {
  success: true;
  /** Newest first. */
  messages: Message[];
  pagination: Pagination & { totalMessages: number };
  conversationId?: string;
  userId?: string;
}

/** The body of a streamed chat request (`stream: true`). */
export interface ChatRequest {
  message?: string;
  conversationId?: string;
  toolResults?: Array<{ toolCallId: string; output: string }>;
  stream: true;
}

/**
 * One frame of a chat stream: the opening `{success, conversationId, messageId}`, content and
 * tool call deltas, the closing `{delta:{finish_reason}, usage}`, or a failure
 * `{success:false, error, delta:{finish_reason:'error'}}` (DESIGN.md).
 */
export interface ChatFrame {
  success?: boolean;
  conversationId?: string;
  messageId?: string;
  delta?: { reply?: { content?: string }; tool_calls?: ToolCall[]; finish_reason?: string };
  usage?: { credits: number };
  error?: { code: string; message: string };
}
