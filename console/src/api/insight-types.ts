// The admin API's insights and source viewer answers (issue 17).
import type { Pagination } from './types.ts';
import type { Source } from './agent-types.ts';

export interface SourceSection {
  ordinal: number;
  text: string;
  heading: string | null;
  page: number | null;
}

export interface SourceChunk {
  ordinal: number;
  content: string;
  heading: string | null;
  page: number | null;
}

export interface SourceText {
  source: Source;
  stored: boolean;
  sections: SourceSection[];
  pagination: Pagination & { totalSections: number };
}

export interface SourceChunks {
  source: Source;
  chunks: SourceChunk[];
  pagination: Pagination & { totalChunks: number };
}

export interface QuestionGroup {
  question: string;
  count: number;
  examples: string[];
  questionIds: string[];
  lastAskedAt: string;
}

export interface QuestionGroups {
  groups: QuestionGroup[];
  questions: number;
  truncated: boolean;
  pagination: Pagination & { totalGroups: number };
}

export interface DownvotedReply {
  messageId: string;
  conversationId: string;
  question: string | null;
  reply: string | null;
  comment: string | null;
  ratedAt: string;
}

export interface DownvotedReplies {
  replies: DownvotedReply[];
  pagination: Pagination & { totalReplies: number };
}

export interface ConsoleToolCall {
  id: string;
  messageId: string;
  name: string;
  arguments: string;
  status: 'pending' | 'completed' | 'canceled';
  output: string | null;
  updatedAt: string;
}

export interface ToolCallList {
  toolCalls: ConsoleToolCall[];
  pagination: Pagination;
}
