import type { RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { ConversationRecord } from '../../ports/conversation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';

export interface ReferencedConversation {
  agent: AgentRecord;
  conversation: ConversationRecord;
  /** True when the reference was the end user's id rather than the conversation's. */
  byUser: boolean;
}

/** SPEC §2: wherever `conversationRef` appears, a conversation id or an end user's id is accepted.
 * The conversation id is tried first; the chat refuses a userId starting with `conv_`, so the two
 * never meet for conversations made since (http/routes/chat.ts). */
export async function findConversation(
  deps: { store: Pick<Store, 'agents' | 'conversations'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
): Promise<ReferencedConversation> {
  const agent = await getAgent(deps, ctx, agentId);
  const byId = await deps.store.conversations.get(ctx.accountId, agent.id, ref);
  if (byId) return { agent, conversation: byId, byUser: false };
  const byUser = await deps.store.conversations.findByUser(ctx.accountId, agent.id, ref);
  if (byUser) return { agent, conversation: byUser, byUser: true };
  throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
}
