// A question from the insights (unanswered, or answered by a reply rated down) made a test question:
// the add-question form of the Tests tab, prefilled, where the owner picks the source that should
// answer it from now on (or that nothing should).
import { Modal, Stack, Text } from '@mantine/core';
import { AddQuestionForm } from '../tests/add-question-form.tsx';

export function TestQuestionModal({
  agentId,
  question,
  onClose,
}: {
  agentId: string;
  question: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={question !== null} onClose={onClose} title="Make a test question" size="lg">
      {question !== null && (
        <Stack gap="sm">
          <Text size="sm">
            Pick the source that should answer it. The question then runs with the agent&apos;s other test questions,
            after every change to its knowledge.
          </Text>
          <AddQuestionForm key={question} agentId={agentId} initialQuestion={question} onAdded={onClose} />
        </Stack>
      )}
    </Modal>
  );
}
