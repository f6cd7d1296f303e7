import type { RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';

/** The account's agents, newest first; a restricted key sees only its own. */
export async function listAgents(
  deps: { store: Pick<Store, 'agents'> },
  ctx: RequestContext,
  page: PageRequest,
): Promise<Page<AgentRecord>> {
  return deps.store.agents.list(ctx.accountId, page, ctx.key?.allowedAgentIds ?? undefined);
}
