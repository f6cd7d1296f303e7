import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../api/client.ts';
import type { AddedSource } from '../../../api/agent-types.ts';
import { ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { formatCount } from '../../../components/format.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useKnowledgeChanged } from './use-knowledge-changed.ts';

// The API's bounds (add-text-source.ts); the server checks them, these only guide the typing.
const TITLE_MAX = 55;
const CONTENT_MAX = 1_500;

export function AddTextForm({ agentId }: { agentId: string }) {
  const agentPath = useAgentPath(agentId);
  const knowledgeChanged = useKnowledgeChanged(agentId);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const add = useMutation({
    mutationFn: () => api<AddedSource>('POST', agentPath('/sources/text'), { title, content }),
    onSuccess: async (body) => {
      notifications.show({ color: 'green', message: `Added the text “${body.source.title}”.` });
      setTitle('');
      setContent('');
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
          label="Title"
          description={`4 to ${TITLE_MAX} characters`}
          withAsterisk
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={fieldError(add.error, 'title')}
        />
        <Textarea
          label="Content"
          description={`${formatCount(content.length)} of ${formatCount(CONTENT_MAX)} characters`}
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          error={
            fieldError(add.error, 'content') ??
            (content.length > CONTENT_MAX ? `At most ${formatCount(CONTENT_MAX)} characters` : undefined)
          }
        />
        <ErrorAlert error={add.error} title="The text was not added" />
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Add text
        </Button>
      </Stack>
    </form>
  );
}
