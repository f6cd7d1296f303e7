// Row ⇄ record mapping of the chat tables.
import type {
  ConversationRecord,
  HandoffRequester,
  MessageRecord,
  MessageSource,
  MessageRole,
  NewConversation,
  NewMessage,
  ToolCallRecord,
  ToolCallStatus,
} from '../../../ports/conversation-store.ts';
import type { ConversationsTable, MessagesTable, ToolCallsTable } from '../schema/conversation.ts';

/** A conversation row with its message count (computed by the query, so always exact). */
export type ConversationRow = ConversationsTable & { message_count: number };

export const toConversation = (row: ConversationRow): ConversationRecord => ({
  id: row.id,
  accountId: row.account_id,
  agentId: row.agent_id,
  userId: row.user_id,
  title: row.title,
  messageCount: Number(row.message_count),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  state: row.handoff_state === 'people' ? 'people' : 'agent',
  handoff:
    row.handoff_at === null
      ? null
      : { reason: row.handoff_reason, requestedBy: (row.handoff_by ?? 'api') as HandoffRequester, at: row.handoff_at },
  assignee: row.handoff_assignee ?? null,
});

export const fromConversation = (c: NewConversation): ConversationsTable => ({
  id: c.id,
  account_id: c.accountId,
  agent_id: c.agentId,
  user_id: c.userId,
  title: c.title,
  last_seq: 0,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
  handoff_state: 'agent',
  handoff_reason: null,
  handoff_by: null,
  handoff_at: null,
  handoff_assignee: null,
});

export const toToolCall = (row: ToolCallsTable): ToolCallRecord => ({
  id: row.id,
  messageId: row.message_id,
  conversationId: row.conversation_id,
  ordinal: row.ordinal,
  name: row.name,
  arguments: row.arguments,
  status: row.status as ToolCallStatus,
  output: row.output,
  updatedAt: row.updated_at,
});

export const toMessage = (row: MessagesTable, toolCalls: ToolCallRecord[]): MessageRecord => ({
  id: row.id,
  conversationId: row.conversation_id,
  role: row.role as MessageRole,
  content: row.content,
  seq: row.seq,
  finishReason: row.finish_reason,
  credits: row.credits,
  feedback:
    row.feedback_rating === null
      ? null
      : {
          rating: row.feedback_rating as 'up' | 'down',
          comment: row.feedback_comment,
          createdAt: row.feedback_at ?? row.created_at,
        },
  toolCalls,
  createdAt: row.created_at,
  authorName: row.author_name,
  ...(row.sources && { sources: JSON.parse(row.sources) as MessageSource[] }),
});

/** The rows of one appended message: the message, then its calls (pending) in their order. */
export function fromNewMessage(
  message: NewMessage,
  where: { accountId: string; agentId: string; conversationId: string; seq: number },
): { message: MessagesTable; toolCalls: ToolCallsTable[] } {
  return {
    message: {
      id: message.id,
      conversation_id: where.conversationId,
      agent_id: where.agentId,
      account_id: where.accountId,
      role: message.role,
      content: message.content,
      seq: where.seq,
      finish_reason: message.finishReason,
      credits: message.credits,
      feedback_rating: null,
      feedback_comment: null,
      feedback_at: null,
      created_at: message.createdAt,
      author_name: message.authorName ?? null,
      sources: message.sources && message.sources.length > 0 ? JSON.stringify(message.sources) : null,
    },
    toolCalls: message.toolCalls.map((call, ordinal) => ({
      id: call.id,
      message_id: message.id,
      conversation_id: where.conversationId,
      agent_id: where.agentId,
      account_id: where.accountId,
      ordinal,
      name: call.name,
      arguments: call.arguments,
      status: 'pending',
      output: null,
      updated_at: message.createdAt,
    })),
  };
}
