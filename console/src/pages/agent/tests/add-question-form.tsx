// A new test question: what a user would ask, and the sources that should answer it or "nothing".
// The insights open it prefilled with a question users asked (`initialQuestion`).
import { useState, type FormEvent } from 'react';
import { Button, Group, MultiSelect, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../api/client.ts';
import type { SourceList } from '../../../api/agent-types.ts';
import type { NewTestQuestion, TestQuestion } from '../../../api/test-types.ts';
import { ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { sourcesKey } from '../knowledge/use-knowledge-changed.ts';
import { useTestsChanged } from './test-queries.ts';

export function AddQuestionForm({
  agentId,
  initialQuestion = '',
  onAdded,
}: {
  agentId: string;
  initialQuestion?: string;
  onAdded?: () => void;
}) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  const testsChanged = useTestsChanged(agentId);
  const [question, setQuestion] = useState(initialQuestion);
  const [expect, setExpect] = useState<'sources' | 'nothing'>('sources');
  const [sourceIds, setSourceIds] = useState<string[]>([]);
  const [k, setK] = useState<number>(3);
  // The first 100 sources to pick from; an agent with more can use the API or the CLI import.
  const sources = useQuery({
    queryKey: [...sourcesKey(accountPath(''), agentId), 'all', 'picker'],
    queryFn: () => api<SourceList>('GET', agentPath('/sources?size=100')),
  });
  const add = useMutation({
    mutationFn: () => {
      const body: NewTestQuestion =
        expect === 'nothing' ? { question, expectNothing: true } : { question, expectedSourceIds: sourceIds, k };
      return api<{ testQuestion: TestQuestion }>('POST', agentPath('/test-questions'), body);
    },
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Added the test question.' });
      setQuestion('');
      setSourceIds([]);
      onAdded?.();
      await testsChanged();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }

  const options = (sources.data?.sources ?? []).map((source) => ({ value: source.id, label: source.title }));
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Question"
          description="What a user would ask"
          withAsterisk
          value={question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          error={fieldError(add.error, 'question')}
        />
        <SegmentedControl
          aria-label="Expected answer"
          value={expect}
          onChange={(value) => setExpect(value as 'sources' | 'nothing')}
          data={[
            { value: 'sources', label: 'Answered by these sources' },
            { value: 'nothing', label: 'Nothing should answer' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {expect === 'sources' && (
          <Group align="flex-start" grow preventGrowOverflow={false}>
            <MultiSelect
              label="Expected sources"
              description="A passage of one of them must rank in the top k"
              data={options}
              value={sourceIds}
              onChange={setSourceIds}
              searchable
              comboboxProps={{ keepMounted: false }}
              error={fieldError(add.error, 'expectedSourceIds')}
              style={{ flexGrow: 3 }}
            />
            <NumberInput
              label="k"
              description="How deep"
              min={1}
              max={10}
              value={k}
              onChange={(value) => setK(typeof value === 'number' ? value : 3)}
              error={fieldError(add.error, 'k')}
              maw={110}
            />
          </Group>
        )}
        <ErrorAlert error={add.error} title="The question was not added" />
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Add question
        </Button>
      </Stack>
    </form>
  );
}
