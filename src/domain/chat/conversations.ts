// The conversation endpoints of SPEC §4: lists, deletes, tool-call cancel and feedback.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import type { ConversationRecord, MessageRecord, ToolCallRecord } from '../../ports/conversation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import { findConversation } from './conversation-ref.ts';

export async function listConversations(
  deps: { store: Pick<Store, 'agents' | 'conversations'> },
  ctx: RequestContext,
  agentId: string,
  page: PageRequest,
): Promise<Page<ConversationRecord>> {
  const agent = await getAgent(deps, ctx, agentId);
  // A chat makes its conversation before the model answers (so a stream's first frame can name it);
  // when that first reply fails, the conversation holds nothing worth listing.
  return deps.store.conversations.list(ctx.accountId, agent.id, page, { withMessages: true });
}

export interface MessagePage extends Page<MessageRecord> {
  conversation: ConversationRecord;
  byUser: boolean;
}

export async function listMessages(
  deps: { store: Pick<Store, 'agents' | 'conversations' | 'messages'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  page: PageRequest,
): Promise<MessagePage> {
  const { conversation, byUser } = await findConversation(deps, ctx, agentId, ref);
  return { ...(await deps.store.messages.list(ctx.accountId, conversation.id, page)), conversation, byUser };
}

/** Removes the conversation with all its messages; returns how many messages went. */
export async function deleteConversation(
  deps: { store: Pick<Store, 'agents' | 'conversations'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
): Promise<number> {
  const { agent, conversation } = await findConversation(deps, ctx, agentId, ref);
  const count = await deps.store.conversations.delete(ctx.accountId, agent.id, conversation.id);
  if (count === undefined) throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
  return count;
}

/** With `cascade`, the message and every later one of its conversation; without, only it. */
export async function deleteMessage(
  deps: { store: Pick<Store, 'agents' | 'conversations' | 'messages'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  messageId: string,
  cascade: boolean,
): Promise<number> {
  const { conversation } = await findConversation(deps, ctx, agentId, ref);
  const count = await deps.store.messages.delete(ctx.accountId, conversation.id, messageId, cascade);
  if (count === 0) throw new AppError('MESSAGE_NOT_FOUND', 'Message not found.');
  return count;
}

/** SPEC §3: pending → canceled; a canceled call gives TOOL_CALL_ALREADY_CANCELED, a finished one
 * TOOL_CALL_NOT_PENDING. */
export async function cancelToolCall(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'agents' | 'conversations' | 'toolCalls'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  toolCallId: string,
): Promise<ToolCallRecord> {
  const { conversation } = await findConversation(deps, ctx, agentId, ref);
  const refuse = (call: ToolCallRecord | undefined): AppError => {
    if (!call) return new AppError('TOOL_CALL_NOT_FOUND', 'Tool call not found.');
    if (call.status === 'canceled')
      return new AppError('TOOL_CALL_ALREADY_CANCELED', 'The tool call is already canceled.');
    return new AppError('TOOL_CALL_NOT_PENDING', 'The tool call already has a result; it cannot be canceled.');
  };
  const call = await deps.store.toolCalls.get(ctx.accountId, conversation.id, toolCallId);
  if (!call || call.status !== 'pending') throw refuse(call);
  const at = deps.clock.now();
  // Settled by another request in between: report what it became.
  if (!(await deps.store.toolCalls.settle(ctx.accountId, conversation.id, call.id, 'canceled', null, at)))
    throw refuse(await deps.store.toolCalls.get(ctx.accountId, conversation.id, call.id));
  return { ...call, status: 'canceled', updatedAt: at };
}

export const FEEDBACK_COMMENT_MAX = 2_000;

/** Replaces the feedback of an assistant message (404 MESSAGE_NOT_FOUND for any other id). */
export async function giveFeedback(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'agents' | 'conversations' | 'messages'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  messageId: string,
  input: { rating: 'up' | 'down'; comment?: string },
) {
  const { conversation } = await findConversation(deps, ctx, agentId, ref);
  const feedback = { rating: input.rating, comment: input.comment ?? null, createdAt: deps.clock.now() };
  if (!(await deps.store.messages.setFeedback(ctx.accountId, conversation.id, messageId, feedback)))
    throw new AppError('MESSAGE_NOT_FOUND', 'No assistant message has this id.');
  return feedback;
}
