import type { TestQuestionRecord, TestRunRecord } from '../../../ports/evaluation-store.ts';
import type { TestQuestionsTable, TestRunsTable } from '../schema/evaluation.ts';

export const toTestQuestion = (row: TestQuestionsTable): TestQuestionRecord => ({
  id: row.id,
  accountId: row.account_id,
  agentId: row.agent_id,
  question: row.question,
  expectedSourceIds: row.expected_source_ids === null ? null : (JSON.parse(row.expected_source_ids) as string[]),
  expectNothing: Number(row.expect_nothing) === 1,
  k: Number(row.k),
  createdAt: Number(row.created_at),
});

export const toTestRun = (row: TestRunsTable): TestRunRecord => ({
  id: row.id,
  accountId: row.account_id,
  agentId: row.agent_id,
  trigger: row.run_trigger as TestRunRecord['trigger'],
  state: row.state as TestRunRecord['state'],
  knowledgeVersion: Number(row.knowledge_version),
  model: row.model,
  compareModel: row.compare_model,
  passed: Number(row.passed),
  failed: Number(row.failed),
  results: JSON.parse(row.results) as TestRunRecord['results'],
  comparison: row.comparison === null ? null : (JSON.parse(row.comparison) as TestRunRecord['comparison']),
  error: row.error,
  createdAt: Number(row.created_at),
  completedAt: row.completed_at === null ? null : Number(row.completed_at),
});
