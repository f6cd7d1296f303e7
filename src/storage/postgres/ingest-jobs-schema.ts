// PostgreSQL only: on SQLite (one node) jobs run in process and need no table.
export const INGEST_JOBS_SCHEMA = [
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
];
