// The inbox's view of one conversation: the whole transcript, oldest first, the agent's answers
// with the sources they were grounded on and the people's replies with their authors.
import type { RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { MessageRecord } from '../../ports/conversation-store.ts';
import { findConversation } from '../chat/conversation-ref.ts';
import { inboxEntry, type InboxEntry } from './list-inbox.ts';

/** The latest messages read; an older beginning is in the conversation's message list. */
export const TRANSCRIPT_MESSAGES = 500;

export interface Transcript {
  entry: InboxEntry;
  /** Oldest first. */
  messages: MessageRecord[];
}

export async function readTranscript(
  deps: { store: Pick<Store, 'agents' | 'conversations' | 'messages'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
): Promise<Transcript> {
  const { agent, conversation } = await findConversation(deps, ctx, agentId, ref);
  const messages = await deps.store.messages.recent(ctx.accountId, conversation.id, TRANSCRIPT_MESSAGES);
  return { entry: await inboxEntry(deps, ctx, agent, conversation), messages };
}
