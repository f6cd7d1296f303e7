// The admin API's insights and source viewer answers, generated from /api/admin/v1/openapi.json
// (admin-schema.ts) and named here for the pages.
import type { Answer } from './admin-schema.ts';

export type SourceText = Answer<'/accounts/{accountId}/agents/{agentId}/sources/{sourceId}/text', 'get'>;
export type SourceSection = SourceText['sections'][number];
export type SourceChunks = Answer<'/accounts/{accountId}/agents/{agentId}/sources/{sourceId}/chunks', 'get'>;
export type SourceChunk = SourceChunks['chunks'][number];

export type QuestionGroups = Answer<'/accounts/{accountId}/agents/{agentId}/insights/unanswered', 'get'>;
export type QuestionGroup = QuestionGroups['groups'][number];
export type DownvotedReplies = Answer<'/accounts/{accountId}/agents/{agentId}/insights/downvoted', 'get'>;
export type DownvotedReply = DownvotedReplies['replies'][number];

export type ToolCallList = Answer<
  '/accounts/{accountId}/agents/{agentId}/conversations/{conversationId}/tool-calls',
  'get'
>;
export type ConsoleToolCall = ToolCallList['toolCalls'][number];
