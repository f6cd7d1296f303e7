import type { DomainDeps, RequestContext } from '../context.ts';
import type { SiteLease, SiteRecord, SyncCounts } from '../../ports/site-store.ts';
import { AppError } from '../errors.ts';
import { getAgent } from '../agents/get-agent.ts';
import { crawlWebsite } from '../knowledge/crawl-website.ts';
import { getSite } from './get-site.ts';
import { nextRunAt } from './site-schedule.ts';
import { refreshSitePages, type SyncFailure } from './refresh-site-pages.ts';
import type { Store } from '../../ports/store.ts';

/** How long a re-sync holds its site. A process that dies mid-run frees the site when it expires. */
export const SYNC_LEASE_MS = 30 * 60 * 1000;

export interface SyncReport extends SyncCounts {
  /** Stored pages that could not be refreshed (kept as they were). */
  failures: SyncFailure[];
  /** Why new pages could not be looked for (site unreachable, page limit), or null. */
  error: string | null;
}

/** A fresh lease on a site for one run. */
export function newLease(deps: Pick<DomainDeps, 'clock' | 'ids'>): SiteLease {
  return { token: deps.ids.next('lease'), until: deps.clock.now() + SYNC_LEASE_MS };
}

/** Re-syncs one site now (admin API, console, CLI): 409 SITE_SYNC_RUNNING while another run holds it. */
export async function resyncSite(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder' | 'ingestion' | 'crawler' | 'targetCheck'> & {
    store: Pick<Store, 'agents' | 'sites' | 'sources' | 'transaction'>;
  },
  ctx: RequestContext,
  agentId: string,
  siteId: string,
  signal?: AbortSignal,
): Promise<{ site: SiteRecord; report: SyncReport }> {
  const site = await getSite(deps, ctx, agentId, siteId);
  const lease = newLease(deps);
  if (!(await deps.store.sites.claim(site.id, lease, deps.clock.now())))
    throw new AppError(
      'SITE_SYNC_RUNNING',
      'This site is being re-synced already; try again when that run has finished.',
    );
  const report = await runLeasedSync(deps, ctx, site, lease, signal);
  return { site: await getSite(deps, ctx, agentId, siteId), report };
}

/**
 * One re-sync of a site whose lease the caller holds: stored pages refreshed (refreshSitePages),
 * then new pages looked for as the crawl does (links, the sitemap, within the plan's page limit),
 * then the run recorded and the lease given back. A run that fails records why and keeps every page.
 */
export async function runLeasedSync(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder' | 'ingestion' | 'crawler' | 'targetCheck'> & {
    store: Pick<Store, 'agents' | 'sites' | 'sources' | 'transaction'>;
  },
  ctx: RequestContext,
  site: SiteRecord,
  lease: SiteLease,
  signal?: AbortSignal,
): Promise<SyncReport> {
  try {
    const report = await syncPages(deps, ctx, site, signal);
    await finish(deps, site, lease, { ...countsOf(report) }, report.error);
    return report;
  } catch (error) {
    await finish(deps, site, lease, null, error instanceof Error ? error.message : String(error)).catch(
      () => undefined,
    );
    throw error;
  }
}

async function syncPages(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder' | 'ingestion' | 'crawler' | 'targetCheck'> & {
    store: Pick<Store, 'agents' | 'sites' | 'sources' | 'transaction'>;
  },
  ctx: RequestContext,
  site: SiteRecord,
  signal?: AbortSignal,
): Promise<SyncReport> {
  const agent = await getAgent(deps, ctx, site.agentId);
  const pages = await deps.store.sources.sitePages(ctx.accountId, site.id);
  const refreshed = await refreshSitePages(deps, ctx, agent, pages, signal ?? new AbortController().signal);
  const report: SyncReport = { added: 0, ...refreshed.counts, failures: refreshed.failures, error: null };
  if (pages.length > 0 && refreshed.unanswered === pages.length) {
    report.error = 'The site did not answer for any of its pages; every page is kept as it was.';
    return report;
  }
  try {
    const crawl = await crawlWebsite(deps, ctx, agent.id, { url: site.url }, { signal, prefetched: refreshed.visited });
    report.added = crawl.added.length;
  } catch (error) {
    if (!(error instanceof AppError) || !['PLAN_LIMIT_REACHED', 'INVALID_BODY'].includes(error.code)) throw error;
    const added = (error.details.output?.added as unknown[] | undefined) ?? [];
    report.added = added.length;
    report.error =
      error.code === 'PLAN_LIMIT_REACHED' ? error.message : `New pages could not be looked for: ${error.message}`;
  }
  return report;
}

function countsOf(report: SyncReport): SyncCounts {
  return {
    added: report.added,
    updated: report.updated,
    removed: report.removed,
    unchanged: report.unchanged,
    failed: report.failed,
  };
}

async function finish(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'sites'> },
  site: SiteRecord,
  lease: SiteLease,
  result: SyncCounts | null,
  error: string | null,
): Promise<void> {
  const at = deps.clock.now();
  await deps.store.sites.recount(site.id);
  const current = (await deps.store.sites.get(site.accountId, site.id)) ?? site;
  await deps.store.sites.finish(site.id, lease, { at, result, error, nextRunAt: nextRunAt(current.schedule, at, at) });
}
