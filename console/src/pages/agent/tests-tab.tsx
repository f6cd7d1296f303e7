// The agent's test questions (docs/test-questions.md): add and delete them, run them now, the
// latest run's results, and the pass rate over past runs.
import { useState } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import type { SourceList } from '../../api/agent-types.ts';
import type { TestRun } from '../../api/test-types.ts';
import { Section } from '../../components/agent/section.tsx';
import { EmptyState, ErrorAlert, Loading } from '../../components/feedback.tsx';
import { useAccountPath } from '../../components/use-account.ts';
import { useAgentPath } from '../../components/agent/use-agent-path.ts';
import { sourcesKey } from './knowledge/use-knowledge-changed.ts';
import { AddQuestionForm } from './tests/add-question-form.tsx';
import { QuestionsTable } from './tests/questions-table.tsx';
import { QuestionFiles } from './tests/question-files.tsx';
import { RunResults } from './tests/run-results.tsx';
import { PassRateChart } from './tests/pass-rate-chart.tsx';
import { useComparisonModels, useTestQuestions, useTestRuns, useTestsChanged } from './tests/test-queries.ts';

export function TestsTab({ agent }: { agent: Agent }) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agent.id);
  const questions = useTestQuestions(agent.id);
  const runs = useTestRuns(agent.id);
  const testsChanged = useTestsChanged(agent.id);
  // Shares the form's query: the titles of the sources the questions expect.
  const sources = useQuery({
    queryKey: [...sourcesKey(accountPath(''), agent.id), 'all', 'picker'],
    queryFn: () => api<SourceList>('GET', agentPath('/sources?size=100')),
  });
  const comparisonModels = useComparisonModels();
  const [compareModel, setCompareModel] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: () =>
      api<{ run: TestRun }>('POST', agentPath('/test-runs'), compareModel ? { compareModel } : undefined),
    onSuccess: () => testsChanged(),
  });
  const titles = new Map((sources.data?.sources ?? []).map((source) => [source.id, source.title]));
  const latest = runs.data?.runs[0];
  const count = questions.data?.pagination.totalTestQuestions ?? 0;
  return (
    <Stack gap="md">
      <Section
        title="Test questions"
        description="Questions with the sources that should answer them, or that nothing should. They run after every change to the agent's knowledge, and when you press Run now. Runs cost no credits."
      >
        <AddQuestionForm agentId={agent.id} />
        <QuestionFiles agentId={agent.id} count={count} />
        <ErrorAlert error={questions.error} title="The questions could not be loaded" />
        {questions.isPending && <Loading label="Loading questions" />}
        {questions.data && count === 0 && (
          <EmptyState title="No test questions yet">Add a question above, then run it.</EmptyState>
        )}
        {questions.data && count > 0 && (
          <QuestionsTable agentId={agent.id} questions={questions.data.testQuestions} titles={titles} />
        )}
      </Section>
      <Section
        title="Latest run"
        description="Each question through the agent's search, ranked as the search API ranks."
      >
        <Group align="flex-end">
          <Button onClick={() => run.mutate()} loading={run.isPending} disabled={count === 0}>
            Run now
          </Button>
          {(comparisonModels.data?.models.length ?? 0) > 0 && (
            <Select
              label="Compare with…"
              description={`Rank the questions with another embedding model too, beside ${comparisonModels.data?.liveModel}.`}
              placeholder="No comparison"
              data={comparisonModels.data?.models ?? []}
              value={compareModel}
              onChange={setCompareModel}
              clearable
              w={320}
            />
          )}
        </Group>
        <ErrorAlert error={run.error ?? runs.error} title="The run did not work" />
        {runs.isPending && <Loading label="Loading runs" />}
        {runs.data && !latest && (
          <EmptyState title="No runs yet">Press Run now, or change the agent's knowledge.</EmptyState>
        )}
        {latest && <RunResults run={latest} />}
      </Section>
      <Section title="Pass rate over time" description="The last 30 runs, by hand and after knowledge changes.">
        {runs.data && <PassRateChart runs={runs.data.runs} />}
      </Section>
    </Stack>
  );
}
