// "Assign to me" in the console's inbox: the member who answers a conversation with people, so the
// team does not answer twice. Assigning again replaces the assignee; null takes it off.
import type { RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import { AppError } from '../errors.ts';
import { findConversation } from '../chat/conversation-ref.ts';
import { inboxEntry, type InboxEntry } from './list-inbox.ts';

export async function assignHandoff(
  deps: { store: Pick<Store, 'agents' | 'conversations'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  assignee: string | null,
): Promise<InboxEntry> {
  const { agent, conversation } = await findConversation(deps, ctx, agentId, ref);
  const result = await deps.store.conversations.assign(ctx.accountId, agent.id, conversation.id, assignee);
  if (!result) throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
  if (!result.assigned)
    throw new AppError(
      'CONVERSATION_NOT_WITH_PEOPLE',
      'The conversation is with the agent: only a conversation with people is assigned.',
    );
  return inboxEntry(deps, ctx, agent, result.conversation);
}
