// The unanswered list's action: write the answer once, for every wording of the group.
import { useState, type FormEvent } from 'react';
import { Button, List, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../api/client.ts';
import type { QuestionGroup } from '../../../api/insight-types.ts';
import { ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useKnowledgeChanged } from '../knowledge/use-knowledge-changed.ts';
import { insightsKey } from './insight-queries.ts';

function AnswerForm({ agentId, group, onDone }: { agentId: string; group: QuestionGroup; onDone: () => void }) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  const queries = useQueryClient();
  const knowledgeChanged = useKnowledgeChanged(agentId);
  const [question, setQuestion] = useState(group.question);
  const [answer, setAnswer] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api<{ covered: number }>('POST', agentPath('/insights/answers'), {
        questionIds: group.questionIds,
        question,
        answer,
      }),
    onSuccess: async (body) => {
      notifications.show({
        color: 'green',
        message: `Added a Q&A covering ${body.covered} ${body.covered === 1 ? 'question' : 'questions'}.`,
      });
      onDone();
      await Promise.all([
        knowledgeChanged(),
        queries.invalidateQueries({ queryKey: insightsKey(accountPath(''), agentId) }),
      ]);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm">
          Every wording below is indexed with the answer, so the next question asked like any of them finds it.
        </Text>
        <List size="sm" spacing={2}>
          {group.examples.map((example) => (
            <List.Item key={example} style={{ overflowWrap: 'anywhere' }}>
              {example}
            </List.Item>
          ))}
        </List>
        <TextInput
          label="Question"
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
        <ErrorAlert error={add.error} title="The answer was not added" />
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Add answer
        </Button>
      </Stack>
    </form>
  );
}

export function AnswerGroupModal({
  agentId,
  group,
  onClose,
}: {
  agentId: string;
  group: QuestionGroup | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={group !== null} onClose={onClose} title="Answer this question" size="lg">
      {group && <AnswerForm key={group.questionIds.join()} agentId={agentId} group={group} onDone={onClose} />}
    </Modal>
  );
}
