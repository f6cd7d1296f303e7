// PostgreSQL only: the rows of ingestion jobs that any node's workers may take. On SQLite (one
// node) jobs run in process and need no table. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

export const m0011IngestJobs: ShippedMigration = {
  postgres: {
    name: '0011_ingest_jobs',
    statements: [
      `CREATE TABLE ingest_jobs (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    storage BIGINT NOT NULL,
    job JSONB NOT NULL,
    bytes BYTEA,
    state TEXT NOT NULL,
    outcome JSONB,
    attempts INTEGER NOT NULL DEFAULT 0,
    worker TEXT,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
  )`,
      `CREATE INDEX ingest_jobs_finished ON ingest_jobs (finished_at) WHERE state <> 'queued'`,
    ],
  },
};
