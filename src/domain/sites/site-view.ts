import type { SiteRecord } from '../../ports/site-store.ts';
import { isoTime, isoTimeOrNull } from '../iso-time.ts';

/** A crawled site as the admin API, the console and the CLI show it. */
export function toSiteView(site: SiteRecord, now: number) {
  return {
    id: site.id,
    agentId: site.agentId,
    url: site.url,
    schedule: site.schedule,
    pageCount: site.pageCount,
    lastRunAt: isoTimeOrNull(site.lastRunAt),
    nextRunAt: isoTimeOrNull(site.nextRunAt),
    lastResult: site.lastResult,
    lastError: site.lastError,
    /** A re-sync holds the site right now. */
    running: site.leaseUntil !== null && site.leaseUntil > now,
    createdAt: isoTime(site.createdAt),
  };
}

export type SiteView = ReturnType<typeof toSiteView>;
