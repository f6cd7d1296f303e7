// Crawled sites that re-sync: what was crawled, when it runs again, and the lease that
// lets one process of a cluster run a site's re-sync at a time.

export const SITE_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type SiteSchedule = (typeof SITE_SCHEDULES)[number];

/** What one re-sync did to a site's pages. */
export interface SyncCounts {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  failed: number;
}

export interface SiteRecord {
  id: string;
  accountId: string;
  agentId: string;
  /** The crawl's start URL, normalised. */
  url: string;
  /** The crawl settings it was made with (page bound per run). */
  options: { maxFetches: number };
  schedule: SiteSchedule;
  nextRunAt: number | null;
  lastRunAt: number | null;
  lastResult: SyncCounts | null;
  /** Why the last run could not reach the site, or null. */
  lastError: string | null;
  pageCount: number;
  /** Until when a re-sync holds the site (null or past: free). */
  leaseUntil: number | null;
  createdAt: number;
}

/** A re-sync's hold on a site: the token proves it is still the holder when it finishes. */
export interface SiteLease {
  token: string;
  until: number;
}

export interface SiteStore {
  /** The agent's site with this start URL, created when there is none. */
  remember(
    site: Pick<SiteRecord, 'id' | 'accountId' | 'agentId' | 'url' | 'options' | 'createdAt'>,
  ): Promise<SiteRecord>;
  get(accountId: string, siteId: string): Promise<SiteRecord | undefined>;
  list(accountId: string, agentId: string): Promise<SiteRecord[]>;
  /** Operator lookup (CLI only): the account that owns a site. */
  ownerOf(siteId: string): Promise<string | undefined>;
  setSchedule(
    accountId: string,
    siteId: string,
    schedule: SiteSchedule,
    nextRunAt: number | null,
  ): Promise<SiteRecord | undefined>;
  /** Takes the site's lease with one conditional UPDATE (… WHERE the lease is free or expired
   * RETURNING): false when another holder has it. */
  claim(siteId: string, lease: SiteLease, now: number): Promise<boolean>;
  /** Scheduler (crosses accounts): up to `limit` sites due at `now` whose lease is free, each claimed. */
  claimDue(now: number, limit: number, lease: () => SiteLease): Promise<Array<{ site: SiteRecord; lease: SiteLease }>>;
  /** Records a run and gives the lease back, if `lease` still holds it. */
  finish(
    siteId: string,
    lease: SiteLease,
    run: { at: number; result: SyncCounts | null; error: string | null; nextRunAt: number | null },
  ): Promise<void>;
  /** Recounts the site's stored pages into its record. */
  recount(siteId: string): Promise<number>;
}
