// Migration 0015_test_questions, the same on both engines: an agent's test questions, the runs
// that rank them, and the schedule that runs them again once the agent's knowledge has changed
// and gone quiet (a crawl of many pages makes one run).
export const EVALUATION_SCHEMA: string[] = [
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

export interface TestQuestionsTable {
  id: string;
  account_id: string;
  agent_id: string;
  question: string;
  /** JSON array, or null when the question expects nothing. */
  expected_source_ids: string | null;
  expect_nothing: number;
  k: number;
  created_at: number;
}

export interface TestRunsTable {
  id: string;
  account_id: string;
  agent_id: string;
  run_trigger: string;
  state: string;
  knowledge_version: number;
  model: string;
  compare_model: string | null;
  passed: number;
  failed: number;
  /** JSON array of the per-question results. */
  results: string;
  comparison: string | null;
  error: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  completed_at: number | null;
}

export interface TestSchedulesTable {
  agent_id: string;
  account_id: string;
  evaluated_version: number;
  seen_version: number;
  seen_at: number;
  pending_since: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}

export interface EvaluationTables {
  test_questions: TestQuestionsTable;
  test_runs: TestRunsTable;
  test_schedules: TestSchedulesTable;
}
