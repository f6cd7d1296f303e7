// The agent's test questions, each with what it expects and a delete button.
import { useState } from 'react';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, seg } from '../../../api/client.ts';
import type { TestQuestion } from '../../../api/test-types.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useTestsChanged } from './test-queries.ts';

function expects(question: TestQuestion, titles: ReadonlyMap<string, string>): string {
  if (question.expectNothing) return 'Nothing';
  const names = (question.expectedSourceIds ?? []).map((id) => titles.get(id) ?? `${id} (deleted)`);
  return `${names.join(', ')} in the top ${question.k}`;
}

export function QuestionsTable({
  agentId,
  questions,
  titles,
}: {
  agentId: string;
  questions: TestQuestion[];
  titles: ReadonlyMap<string, string>;
}) {
  const agentPath = useAgentPath(agentId);
  const testsChanged = useTestsChanged(agentId);
  const [toDelete, setToDelete] = useState<TestQuestion | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: (question: TestQuestion) => api('DELETE', agentPath(`/test-questions/${seg(question.id)}`)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Deleted the test question.' });
      setConfirming(false);
      await testsChanged();
    },
  });
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Expects</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {questions.map((question) => (
              <Table.Tr key={question.id}>
                <Table.Td style={{ maxWidth: 360 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {question.question}
                  </Text>
                </Table.Td>
                <Table.Td style={{ maxWidth: 300 }}>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {expects(question, titles)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={`Delete the question ${question.question}`}
                    onClick={() => {
                      setToDelete(question);
                      setConfirming(true);
                    }}
                  >
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={confirming}
        title="Delete this test question?"
        confirmLabel="Delete"
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setConfirming(false)}
        action={remove}
        errorTitle="It was not deleted"
      >
        {`“${toDelete?.question ?? ''}” no longer runs. Past runs keep its result.`}
      </ConfirmModal>
    </>
  );
}
