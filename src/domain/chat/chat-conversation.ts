// The conversation a reply belongs to: found, started, or (with people) holding the message for them.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { Store } from '../../ports/store.ts';
import type { ConversationRecord } from '../../ports/conversation-store.ts';
import { AppError } from '../errors.ts';
import { cutText } from '../../text/cut-text.ts';
import { holdForPeople } from '../handoff/hold-for-people.ts';
import type { ChatHandoff, ChatInput, ChatListener, ChatReply } from './chat-types.ts';

const TITLE_LENGTH = 80;

/** The message kept for the people: the reply is a notice, in the model's reply shape. */
export async function heldReply(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  conversation: ConversationRecord,
  options: {
    message: string | null;
    userId: string | null;
    toolOutputs: Map<string, string>;
    handOver: boolean;
    /** Asked for: none (no passage grounds the notice), as in any reply that found nothing. */
    citations: boolean;
    signal: AbortSignal;
    listener: ChatListener;
  },
): Promise<ChatReply> {
  const { message, listener } = options;
  const held = await holdForPeople(deps, ctx, agent, conversation, {
    ...options,
    title: message === null ? null : titleOf(message),
  });
  const handoff: ChatHandoff = { state: 'people', ...(held.messageId !== null && { heldMessageId: held.messageId }) };
  // No assistant message is stored for the notice: the reply names none, so no client rates it.
  listener.onStart?.({ conversationId: conversation.id, messageId: null, handoff });
  listener.onContent?.(held.notice);
  return {
    conversationId: conversation.id,
    messageId: null,
    userId: conversation.userId,
    content: held.notice,
    toolCalls: [],
    finishReason: 'stop',
    credits: 0,
    tokens: { prompt: 0, completion: 0 },
    ...(options.citations && { citations: [] }),
    handoff,
  };
}

/** With userId, that end user's conversation (none yet is fine: it starts now); with only a
 * conversationId, that conversation (404 if this agent has none such); with neither, a new one. */
export async function existingConversation(
  deps: { store: Pick<Store, 'conversations'> },
  ctx: RequestContext,
  agent: AgentRecord,
  input: ChatInput,
): Promise<ConversationRecord | undefined> {
  if (input.userId !== undefined) return deps.store.conversations.findByUser(ctx.accountId, agent.id, input.userId);
  if (input.conversationId === undefined) return undefined;
  const conversation = await deps.store.conversations.get(ctx.accountId, agent.id, input.conversationId);
  if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
  return conversation;
}

/** Created just before the model is called, so the stream's first frame names a conversation the
 * client can continue even if this reply then fails. */
export function startConversation(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'conversations'> },
  ctx: RequestContext,
  agent: AgentRecord,
  userId: string | null,
): Promise<ConversationRecord> {
  const at = deps.clock.now();
  return deps.store.conversations.insertOrGet({
    id: deps.ids.next('conv'),
    accountId: ctx.accountId,
    agentId: agent.id,
    userId,
    title: null,
    createdAt: at,
    updatedAt: at,
  });
}

export function titleOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_LENGTH ? line : `${cutText(line, TITLE_LENGTH - 1)}…`;
}
