import type { DomainDeps, RequestContext } from '../context.ts';
import type { SiteRecord, SiteSchedule } from '../../ports/site-store.ts';
import { AppError } from '../errors.ts';
import { getSite } from './get-site.ts';
import { nextRunAt } from './site-schedule.ts';
import type { Store } from '../../ports/store.ts';

/** Sets how often the site re-syncs by itself (daily, weekly or off); the next run counts from the last one. */
export async function scheduleSite(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'agents' | 'sites'> },
  ctx: RequestContext,
  agentId: string,
  siteId: string,
  schedule: SiteSchedule,
): Promise<SiteRecord> {
  const site = await getSite(deps, ctx, agentId, siteId);
  const updated = await deps.store.sites.setSchedule(
    ctx.accountId,
    site.id,
    schedule,
    nextRunAt(schedule, site.lastRunAt, deps.clock.now()),
  );
  if (!updated) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return updated;
}
