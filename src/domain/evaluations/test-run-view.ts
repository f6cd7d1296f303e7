import type { ModelComparison, TestQuestionRecord, TestResult, TestRunRecord } from '../../ports/evaluation-store.ts';
import { isoTime, isoTimeOrNull } from '../iso-time.ts';

export interface PublicTestQuestion {
  id: string;
  question: string;
  expectedSourceIds: string[] | null;
  expectNothing: boolean;
  k: number;
  createdAt: string;
}

export function toPublicTestQuestion(question: TestQuestionRecord): PublicTestQuestion {
  return {
    id: question.id,
    question: question.question,
    expectedSourceIds: question.expectedSourceIds,
    expectNothing: question.expectNothing,
    k: question.k,
    createdAt: isoTime(question.createdAt),
  };
}

/** Passed over all questions, 0..1; null for a run that had no questions or has not finished. */
export function passRate(passed: number, failed: number): number | null {
  return passed + failed === 0 ? null : Math.round((passed / (passed + failed)) * 10_000) / 10_000;
}

export interface PublicTestRun {
  id: string;
  createdAt: string;
  completedAt: string | null;
  trigger: TestRunRecord['trigger'];
  state: TestRunRecord['state'];
  model: string;
  knowledgeVersion: number;
  passRate: number | null;
  passed: number;
  failed: number;
  results: TestResult[];
  comparison: ModelComparison | null;
  error: string | null;
}

export function toPublicTestRun(run: TestRunRecord): PublicTestRun {
  return {
    id: run.id,
    createdAt: isoTime(run.createdAt),
    completedAt: isoTimeOrNull(run.completedAt),
    trigger: run.trigger,
    state: run.state,
    model: run.model,
    knowledgeVersion: run.knowledgeVersion,
    passRate: run.state === 'completed' ? passRate(run.passed, run.failed) : null,
    passed: run.passed,
    failed: run.failed,
    results: run.results,
    comparison: run.comparison,
    error: run.error,
  };
}
