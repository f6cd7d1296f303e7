// The agent routes' answers as the console reads them: knowledge sources, search and conversations
// generated from /api/admin/v1/openapi.json (admin-schema.ts); the frames of the two streams (a
// crawl's progress, a chat's deltas), which the document describes in prose, written here.
import type { Answer, RequestBody, Schemas } from './admin-schema.ts';

export type Source = Schemas['Source'];
export type SourceType = Source['type'];
export type SourceList = Answer<'/accounts/{accountId}/agents/{agentId}/sources', 'get'>;
export type AddedSource = Answer<'/accounts/{accountId}/agents/{agentId}/sources/text', 'post'>;

export interface CrawlProgress {
  found: number;
  added: number;
  skipped: number;
}

/** What a crawl did: the final frame of the stream, or `error.output` when a plan limit stopped it. */
export type CrawlReport = Pick<
  Answer<'/accounts/{accountId}/agents/{agentId}/sources/website', 'post'>,
  'url' | 'added' | 'skipped'
>;
export type SkippedPage = CrawlReport['skipped'][number];

export type SearchResult = Answer<'/accounts/{accountId}/agents/{agentId}/search/explain', 'post'>['results'][number];
/** The console's explain mode: why a passage scored what it did (docs/search.md). */
export type ScoreExplanation = NonNullable<SearchResult['explain']>;
export type ModelCalibration = Answer<'/accounts/{accountId}/agents/{agentId}/search/explain', 'post'>['calibration'];

export type ToolCall = Schemas['ToolCall'];
export type ToolCallStatus = ToolCall['status'];
export type Feedback = Schemas['Feedback'];
export type Message = Schemas['Message'];
export type Conversation = Schemas['Conversation'];
export type ConversationList = Answer<'/accounts/{accountId}/agents/{agentId}/conversations', 'get'>;
export type MessageList = Answer<
  '/accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/messages',
  'get'
>;

/** The body of a streamed chat request (`stream: true`). */
export type ChatRequest = Omit<RequestBody<'/accounts/{accountId}/agents/{agentId}/chat', 'post'>, 'stream'> & {
  stream: true;
};

/**
 * One frame of a chat stream: the opening `{success, conversationId, messageId}`, content and
 * tool call deltas, the closing `{delta:{finish_reason}, usage}`, or a failure
 * `{success:false, error, delta:{finish_reason:'error'}}`.
 */
export interface ChatFrame {
  success?: boolean;
  conversationId?: string;
  messageId?: string;
  delta?: { reply?: { content?: string }; tool_calls?: ToolCall[]; finish_reason?: string };
  usage?: { credits: number };
  error?: { code: string; message: string };
}

/** The inbox (docs/handoff.md): conversations with people, and one read as a transcript. */
export type InboxConversation = Schemas['InboxConversation'];
export type InboxList = Answer<'/accounts/{accountId}/inbox', 'get'>;
export type Transcript = Answer<
  '/accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/transcript',
  'get'
>;
export type TranscriptMessage = Transcript['messages'][number];
