import type { ConversationRecord, HandoffRequester } from '../../ports/conversation-store.ts';
import { isoTime } from '../iso-time.ts';
import type { InboxEntry } from './list-inbox.ts';
import { toPublicConversation, type PublicConversation } from '../chat/message-view.ts';

/** The conversation record with who answers it, and the latest handover (kept after it ends). */
export interface PublicHandoffConversation extends PublicConversation {
  state: 'agent' | 'people';
  handoff: { reason: string | null; requestedBy: HandoffRequester; requestedAt: string } | null;
}

export function toPublicHandoffConversation(conversation: ConversationRecord): PublicHandoffConversation {
  const { handoff } = conversation;
  return {
    ...toPublicConversation(conversation),
    state: conversation.state,
    handoff: handoff && { reason: handoff.reason, requestedBy: handoff.requestedBy, requestedAt: isoTime(handoff.at) },
  };
}

/** The console inbox's entry: the conversation with its agent, assignee and unread count. */
export interface InboxConversation extends PublicHandoffConversation {
  agent: { id: string; name: string };
  assignee: string | null;
  unread: number;
}

export function toInboxConversation({ conversation, agent, unread }: InboxEntry): InboxConversation {
  return { ...toPublicHandoffConversation(conversation), agent, assignee: conversation.assignee, unread };
}
