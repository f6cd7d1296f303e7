// The admin API's test questions and runs (docs/test-questions.md), generated from
// /api/admin/v1/openapi.json (admin-schema.ts) and named here for the pages.
import type { Answer, RequestBody } from './admin-schema.ts';

export type TestQuestionList = Answer<'/accounts/{accountId}/agents/{agentId}/test-questions', 'get'>;
export type TestQuestion = TestQuestionList['testQuestions'][number];
export type NewTestQuestion = RequestBody<'/accounts/{accountId}/agents/{agentId}/test-questions', 'post'>;
export type TestRunList = Answer<'/accounts/{accountId}/agents/{agentId}/test-runs', 'get'>;
export type TestRun = TestRunList['runs'][number];
export type TestResult = TestRun['results'][number];
export type ComparisonModels = Answer<'/comparison-models', 'get'>;
