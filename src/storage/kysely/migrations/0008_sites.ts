// The same on both engines: crawled sites that re-sync, each page's validators (ETag,
// Last-Modified) and links, and content hashes so the same page or file is held once per agent.
// Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const SITES: string[] = [
  `CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    options TEXT NOT NULL,
    schedule TEXT NOT NULL DEFAULT 'off',
    next_run_at BIGINT,
    last_run_at BIGINT,
    last_result TEXT,
    last_error TEXT,
    page_count INTEGER NOT NULL DEFAULT 0,
    lease_owner TEXT,
    lease_until BIGINT,
    created_at BIGINT NOT NULL
  )`,
  `CREATE UNIQUE INDEX sites_once ON sites (agent_id, url)`,
  `CREATE INDEX sites_due ON sites (next_run_at)`,
  `ALTER TABLE sources ADD COLUMN content_hash TEXT`,
  `ALTER TABLE sources ADD COLUMN site_id TEXT`,
  `ALTER TABLE sources ADD COLUMN etag TEXT`,
  `ALTER TABLE sources ADD COLUMN last_modified TEXT`,
  `ALTER TABLE sources ADD COLUMN links TEXT`,
  `CREATE INDEX sources_by_site ON sources (site_id)`,
  `CREATE INDEX sources_by_hash ON sources (agent_id, content_hash)`,
  // The same file is stored once per agent, even when two uploads of it race.
  `CREATE UNIQUE INDEX sources_file_once ON sources (agent_id, content_hash) WHERE type = 'file' AND content_hash IS NOT NULL`,
];

export const m0008Sites: ShippedMigration = {
  sqlite: { name: '0008_sites', statements: SITES },
  postgres: { name: '0008_sites', statements: SITES },
};
