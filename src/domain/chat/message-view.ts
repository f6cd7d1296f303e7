import type {
  ConversationRecord,
  FeedbackRecord,
  MessageRecord,
  ToolCallRecord,
  ToolCallStatus,
} from '../../ports/conversation-store.ts';
import { isoTime } from '../iso-time.ts';

/** The Tool call resource of SPEC §2. */
export interface PublicToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  status: ToolCallStatus;
}

export function toPublicToolCall(call: Pick<ToolCallRecord, 'id' | 'name' | 'arguments' | 'status'>): PublicToolCall {
  return {
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
    status: call.status,
  };
}

/** SPEC §2's `feedback`: rating and createdAt, and the comment when one was given. */
export interface PublicFeedback {
  rating: 'up' | 'down';
  comment?: string;
  createdAt: string;
}

export function toPublicFeedback(feedback: FeedbackRecord): PublicFeedback {
  return {
    rating: feedback.rating,
    ...(feedback.comment !== null && { comment: feedback.comment }),
    createdAt: isoTime(feedback.createdAt),
  };
}

/** The Message resource of SPEC §2: content when there is text, tool_calls when the model called
 * tools, feedback once it was given. */
export interface PublicMessage {
  id: string;
  role: 'user' | 'assistant';
  content?: string;
  tool_calls?: PublicToolCall[];
  feedback?: PublicFeedback;
  /** A reply written by a person while the conversation was with people. */
  author?: { type: 'person'; name: string };
  createdAt: string;
}

export function toPublicMessage(message: MessageRecord): PublicMessage {
  const { feedback } = message;
  return {
    id: message.id,
    role: message.role,
    ...(message.content !== null && { content: message.content }),
    ...(message.toolCalls.length > 0 && { tool_calls: message.toolCalls.map(toPublicToolCall) }),
    ...(feedback && { feedback: toPublicFeedback(feedback) }),
    ...(message.authorName !== null && { author: { type: 'person' as const, name: message.authorName } }),
    createdAt: isoTime(message.createdAt),
  };
}

/** The conversation record of conversation lists (docs/api-guide-chat.md). */
export interface PublicConversation {
  id: string;
  userId: string | null;
  title: string | null;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

export function toPublicConversation(conversation: ConversationRecord): PublicConversation {
  return {
    id: conversation.id,
    userId: conversation.userId,
    title: conversation.title,
    messageCount: conversation.messageCount,
    createdAt: isoTime(conversation.createdAt),
    updatedAt: isoTime(conversation.updatedAt),
  };
}
