import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord, Page, PageRequest } from '../../ports/store.ts';

/** The account's agents, newest first; a restricted key sees only its own. */
export async function listAgents(deps: DomainDeps, ctx: RequestContext, page: PageRequest): Promise<Page<AgentRecord>> {
  return deps.store.agents.list(ctx.accountId, page, ctx.key?.allowedAgentIds ?? undefined);
}
