import type { SiteRecord, SiteSchedule, SyncCounts } from '../../../ports/site-store.ts';
import type { SitesTable } from '../schema/site.ts';

export const toSite = (row: SitesTable): SiteRecord => ({
  id: row.id,
  accountId: row.account_id,
  agentId: row.agent_id,
  url: row.url,
  options: JSON.parse(row.options) as SiteRecord['options'],
  schedule: row.schedule as SiteSchedule,
  nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
  lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
  lastResult: row.last_result === null ? null : (JSON.parse(row.last_result) as SyncCounts),
  lastError: row.last_error,
  pageCount: Number(row.page_count),
  leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
  createdAt: Number(row.created_at),
});
