import type { RequestContext } from '../context.ts';
import type { SiteRecord } from '../../ports/site-store.ts';
import { AppError } from '../errors.ts';
import { getAgent } from '../agents/get-agent.ts';
import type { Store } from '../../ports/store.ts';

/** A site of the agent; one of another agent or account is simply not found. */
export async function getSite(
  deps: { store: Pick<Store, 'agents' | 'sites'> },
  ctx: RequestContext,
  agentId: string,
  siteId: string,
): Promise<SiteRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const site = await deps.store.sites.get(ctx.accountId, siteId);
  if (!site || site.agentId !== agent.id) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return site;
}
