import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { SiteRecord } from '../../ports/site-store.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';
import type { Store } from '../../ports/store.ts';

/** Pages one crawl or re-sync fetches at most (robots.txt and sitemaps not counted). */
export const SITE_MAX_FETCHES = 1_000;

/**
 * The agent's site for a crawl's start URL: the one already remembered, or a new one. Pages of its
 * origin crawled before sites existed (no site yet) join it, so a re-sync refreshes them too.
 */
export async function rememberSite(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'sites' | 'sources'> },
  ctx: RequestContext,
  agent: AgentRecord,
  startUrl: string,
): Promise<SiteRecord> {
  const url = normalizeUrl(startUrl);
  const site = await deps.store.sites.remember({
    id: deps.ids.next('site'),
    accountId: ctx.accountId,
    agentId: agent.id,
    url,
    options: { maxFetches: SITE_MAX_FETCHES },
    createdAt: deps.clock.now(),
  });
  await deps.store.sources.adoptPages(ctx.accountId, agent.id, site.id, new URL(url).origin);
  return site;
}
