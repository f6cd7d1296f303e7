export interface SitesTable {
  id: string;
  account_id: string;
  agent_id: string;
  url: string;
  options: string;
  schedule: string;
  next_run_at: number | null;
  last_run_at: number | null;
  last_result: string | null;
  last_error: string | null;
  page_count: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
}

export interface SiteTables {
  sites: SitesTable;
}
