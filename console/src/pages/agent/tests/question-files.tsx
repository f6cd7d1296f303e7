// Import and export of the agent's test questions as JSONL or CSV, the files the CLI's `tests
// import` and `tests export` read and write. The server checks every question of a file before it
// adds any, so a bad line imports nothing and the error names it.
import { Button, FileButton, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ADMIN_BASE, api } from '../../../api/client.ts';
import { ErrorAlert } from '../../../components/feedback.tsx';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useTestsChanged } from './test-queries.ts';

/** The format a file is read as: CSV by its name or type, else JSONL. */
export function fileFormat(file: { name: string; type: string }): 'jsonl' | 'csv' {
  return file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv' ? 'csv' : 'jsonl';
}

export function QuestionFiles({ agentId, count }: { agentId: string; count: number }) {
  const agentPath = useAgentPath(agentId);
  const testsChanged = useTestsChanged(agentId);
  const exportUrl = (format: 'jsonl' | 'csv') => `${ADMIN_BASE}${agentPath(`/test-questions/export?format=${format}`)}`;
  const importFile = useMutation({
    mutationFn: async (file: File) =>
      api<{ imported: number }>('POST', agentPath('/test-questions/import'), {
        format: fileFormat(file),
        text: await file.text(),
      }),
    onSuccess: async (answer) => {
      notifications.show({
        color: 'green',
        message: `Imported ${answer.imported} test question${answer.imported === 1 ? '' : 's'}.`,
      });
      await testsChanged();
    },
  });
  return (
    <>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Questions as a file
        </Text>
        <FileButton
          onChange={(file) => file && importFile.mutate(file)}
          accept=".jsonl,.ndjson,.csv,application/x-ndjson,text/csv"
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={importFile.isPending}>
              Import JSONL or CSV
            </Button>
          )}
        </FileButton>
        <Button component="a" href={exportUrl('jsonl')} download variant="default" size="xs" disabled={count === 0}>
          Export JSONL
        </Button>
        <Button component="a" href={exportUrl('csv')} download variant="default" size="xs" disabled={count === 0}>
          Export CSV
        </Button>
      </Group>
      <ErrorAlert error={importFile.error} title="Nothing was imported" />
    </>
  );
}
