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
