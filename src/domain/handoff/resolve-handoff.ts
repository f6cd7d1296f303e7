// people → agent: the next message is answered by the model again, with the whole conversation
// (the people's replies included) as its history. Resolving a conversation with the agent changes
// nothing.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { ConversationRecord } from '../../ports/conversation-store.ts';
import { AppError } from '../errors.ts';
import { findConversation } from '../chat/conversation-ref.ts';
import { recordHandoffResolved } from './handoff-events.ts';

export async function resolveHandoff(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'agents' | 'conversations' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
): Promise<ConversationRecord> {
  const { agent, conversation } = await findConversation(deps, ctx, agentId, ref);
  return deps.store.transaction(async (tx) => {
    const result = await tx.conversations.setState(ctx.accountId, agent.id, conversation.id, 'agent', null);
    if (!result) throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
    if (result.moved) await recordHandoffResolved(tx, deps, ctx, result.conversation, ctx.key ? 'api' : 'console');
    return result.conversation;
  });
}
