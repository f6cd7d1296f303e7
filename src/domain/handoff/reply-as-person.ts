// A person's reply in a conversation with people: stored as an assistant message with its author's
// name, not charged, and read back like any message (and by the model, after the handoff ends).
import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { MessageRecord } from '../../ports/conversation-store.ts';
import { AppError } from '../errors.ts';
import { findConversation } from '../chat/conversation-ref.ts';

export const PERSON_REPLY_MAX = 8_000;
export const AUTHOR_NAME_MAX = 100;

export async function replyAsPerson(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'agents' | 'conversations' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  input: { content: string; authorName: string },
): Promise<MessageRecord> {
  const { agent, conversation } = await findConversation(deps, ctx, agentId, ref);
  const at = deps.clock.now();
  const message = {
    id: deps.ids.next('msg'),
    role: 'assistant' as const,
    content: input.content,
    finishReason: 'stop',
    credits: 0,
    toolCalls: [],
    createdAt: at,
    authorName: input.authorName.trim(),
  };
  return deps.store.transaction(async (tx) => {
    // Read inside the transaction: a reply racing a resolve lands before it or is refused.
    const current = await tx.conversations.get(ctx.accountId, agent.id, conversation.id);
    if (!current) throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
    if (current.state !== 'people')
      throw new AppError(
        'CONVERSATION_NOT_WITH_PEOPLE',
        'The conversation is with the agent: hand it off (POST …/handoff) before a person replies.',
      );
    const [stored] = await tx.conversations.appendMessages(ctx.accountId, conversation.id, [message], at, null);
    return stored as MessageRecord;
  });
}
