import type { RequestContext } from '../context.ts';
import type { SiteRecord } from '../../ports/site-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import type { Store } from '../../ports/store.ts';

/** The agent's crawled sites, newest first. */
export async function listSites(
  deps: { store: Pick<Store, 'agents' | 'sites'> },
  ctx: RequestContext,
  agentId: string,
): Promise<SiteRecord[]> {
  const agent = await getAgent(deps, ctx, agentId);
  return deps.store.sites.list(ctx.accountId, agent.id);
}
