import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { ComparisonModels, TestQuestionList, TestRunList } from '../../../api/test-types.ts';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';

/** Questions shown on the tab: the first page, as large as a page goes. */
export const QUESTIONS_PAGE = 100;
/** Runs the chart follows: the last 30, newest first as the API lists them. */
export const RUNS_PAGE = 30;

export function testsKey(accountPath: string, agentId: string) {
  return ['tests', accountPath, agentId] as const;
}

export function useTestQuestions(agentId: string) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  return useQuery({
    queryKey: [...testsKey(accountPath(''), agentId), 'questions'],
    queryFn: () => api<TestQuestionList>('GET', agentPath(`/test-questions?size=${QUESTIONS_PAGE}`)),
  });
}

export function useTestRuns(agentId: string) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  return useQuery({
    queryKey: [...testsKey(accountPath(''), agentId), 'runs'],
    queryFn: () => api<TestRunList>('GET', agentPath(`/test-runs?size=${RUNS_PAGE}`)),
    // A queued run (a large set) finishes on the worker: look again until none is pending.
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.state === 'queued' || run.state === 'running') ? 2_000 : false,
  });
}

/** After a question was added or deleted, or a run made: the tab's lists are stale. */
export function useTestsChanged(agentId: string): () => Promise<void> {
  const accountPath = useAccountPath();
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: testsKey(accountPath(''), agentId) });
}

/** The operator's other embedding models a run may be compared with (the same for every account). */
export function useComparisonModels() {
  return useQuery({
    queryKey: ['comparison-models'],
    queryFn: () => api<ComparisonModels>('GET', '/comparison-models'),
    staleTime: Infinity,
  });
}
