// The console's inbox: the account's conversations waiting for a person, most recently active
// first, each with its agent's name and how long it has been with people.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { ConversationRecord } from '../../ports/conversation-store.ts';
import type { Page, PageRequest } from '../../ports/store.ts';

export interface InboxEntry {
  conversation: ConversationRecord;
  agent: { id: string; name: string };
}

export async function listInbox(deps: DomainDeps, ctx: RequestContext, page: PageRequest): Promise<Page<InboxEntry>> {
  const listed = await deps.store.conversations.listWithPeople(
    ctx.accountId,
    page,
    ctx.key?.allowedAgentIds ?? undefined,
  );
  const agentIds = [...new Set(listed.items.map((conversation) => conversation.agentId))];
  const agents = await Promise.all(agentIds.map((id) => deps.store.agents.get(ctx.accountId, id)));
  const names = new Map(agents.flatMap((agent) => (agent ? [[agent.id, agent.name] as const] : [])));
  return {
    items: listed.items.map((conversation) => ({
      conversation,
      agent: { id: conversation.agentId, name: names.get(conversation.agentId) ?? '' },
    })),
    total: listed.total,
  };
}
