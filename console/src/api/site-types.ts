// The admin API's crawled sites (docs/knowledge-sync.md).

export type SiteSchedule = 'off' | 'daily' | 'weekly';

export interface SyncCounts {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  failed: number;
}

export interface Site {
  id: string;
  agentId: string;
  url: string;
  schedule: SiteSchedule;
  pageCount: number;
  lastRunAt: string | null;
  nextRunAt: string | null;
  lastResult: SyncCounts | null;
  lastError: string | null;
  running: boolean;
  createdAt: string;
}

export interface SyncReport extends SyncCounts {
  failures: Array<{ url: string; reason: string; status?: number }>;
  error: string | null;
}
