// The same on both engines: an agent's test questions, the runs that rank them, and the schedule
// that runs them again once the agent's knowledge has changed and gone quiet (a crawl of many
// pages makes one run). Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const TEST_QUESTIONS: string[] = [
  `CREATE TABLE test_questions (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    question TEXT NOT NULL,
    expected_source_ids TEXT,
    expect_nothing INTEGER NOT NULL DEFAULT 0,
    k INTEGER NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX test_questions_by_agent ON test_questions (agent_id, created_at)`,
  `CREATE TABLE test_runs (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    run_trigger TEXT NOT NULL,
    state TEXT NOT NULL,
    knowledge_version BIGINT NOT NULL,
    model TEXT NOT NULL,
    compare_model TEXT,
    passed INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    results TEXT NOT NULL,
    comparison TEXT,
    error TEXT,
    lease_owner TEXT,
    lease_until BIGINT,
    created_at BIGINT NOT NULL,
    completed_at BIGINT
  )`,
  `CREATE INDEX test_runs_by_agent ON test_runs (agent_id, created_at)`,
  `CREATE INDEX test_runs_open ON test_runs (state, lease_until)`,
  `CREATE TABLE test_schedules (
    agent_id TEXT PRIMARY KEY REFERENCES agents(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    evaluated_version BIGINT NOT NULL,
    seen_version BIGINT NOT NULL,
    seen_at BIGINT NOT NULL,
    pending_since BIGINT,
    lease_owner TEXT,
    lease_until BIGINT
  )`,
];

export const m0015TestQuestions: ShippedMigration = {
  sqlite: { name: '0015_test_questions', statements: TEST_QUESTIONS },
  postgres: { name: '0015_test_questions', statements: TEST_QUESTIONS },
};
