import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../api/client.ts';
import type { AddedSource } from '../../../api/agent-types.ts';
import { ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useKnowledgeChanged } from './use-knowledge-changed.ts';

export function AddQaForm({ agentId }: { agentId: string }) {
  const agentPath = useAgentPath(agentId);
  const knowledgeChanged = useKnowledgeChanged(agentId);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const add = useMutation({
    mutationFn: () => api<AddedSource>('POST', agentPath('/sources/qa'), { question, answer }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Added the question and its answer.' });
      setQuestion('');
      setAnswer('');
      await knowledgeChanged();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Question"
          description="Becomes the source’s title"
          withAsterisk
          value={question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          error={fieldError(add.error, 'question')}
        />
        <Textarea
          label="Answer"
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          value={answer}
          onChange={(event) => setAnswer(event.currentTarget.value)}
          error={fieldError(add.error, 'answer')}
        />
        <ErrorAlert error={add.error} title="The Q&A was not added" />
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Add Q&amp;A
        </Button>
      </Stack>
    </form>
  );
}
