import type { RequestContext } from '../context.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import type { SourceRecord, SourceType } from '../../ports/knowledge-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import type { Store } from '../../ports/store.ts';

/** The agent's sources, newest first, optionally of one type. */
export async function listSources(
  deps: { store: Pick<Store, 'agents' | 'sources'> },
  ctx: RequestContext,
  agentId: string,
  filter: { type?: SourceType },
  page: PageRequest,
): Promise<Page<SourceRecord>> {
  const agent = await getAgent(deps, ctx, agentId);
  return deps.store.sources.list(ctx.accountId, agent.id, filter, page);
}
