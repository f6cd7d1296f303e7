// The console's inbox: the account's conversations waiting for a person, most recently active
// first, each with its agent's name and the visitor's messages no person has answered yet.
import type { RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { ConversationRecord } from '../../ports/conversation-store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';

export interface InboxEntry {
  conversation: ConversationRecord;
  agent: { id: string; name: string };
  /** The user's messages since the handover and since a person's latest reply. */
  unread: number;
}

export async function listInbox(
  deps: { store: Pick<Store, 'agents' | 'conversations'> },
  ctx: RequestContext,
  page: PageRequest,
): Promise<Page<InboxEntry>> {
  const listed = await deps.store.conversations.listWithPeople(
    ctx.accountId,
    page,
    ctx.key?.allowedAgentIds ?? undefined,
  );
  const agentIds = [...new Set(listed.items.map((conversation) => conversation.agentId))];
  const agents = await Promise.all(agentIds.map((id) => deps.store.agents.get(ctx.accountId, id)));
  const names = new Map(agents.flatMap((agent) => (agent ? [[agent.id, agent.name] as const] : [])));
  const unread = await deps.store.conversations.unreadCounts(
    ctx.accountId,
    listed.items.map((conversation) => conversation.id),
  );
  return {
    items: listed.items.map((conversation) => ({
      conversation,
      agent: { id: conversation.agentId, name: names.get(conversation.agentId) ?? '' },
      unread: unread.get(conversation.id) ?? 0,
    })),
    total: listed.total,
  };
}

/** One conversation as the inbox shows it. */
export async function inboxEntry(
  deps: { store: Pick<Store, 'conversations'> },
  ctx: RequestContext,
  agent: Pick<AgentRecord, 'id' | 'name'>,
  conversation: ConversationRecord,
): Promise<InboxEntry> {
  const unread = await deps.store.conversations.unreadCounts(ctx.accountId, [conversation.id]);
  return { conversation, agent: { id: agent.id, name: agent.name }, unread: unread.get(conversation.id) ?? 0 };
}
