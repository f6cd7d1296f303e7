import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { ToolCall } from '../../../api/agent-types.ts';
import { ToolCallView } from '../../../components/agent/tool-call-view.tsx';

/**
 * The model's pending client tool calls: the console plays the client, so a person types each
 * result (all are sent in one request, as the API requires) or cancels a call.
 */
export function ToolResultsForm({
  calls,
  onSend,
  onCancel,
}: {
  calls: ToolCall[];
  onSend: (results: Array<{ call: ToolCall; output: string }>) => void;
  onCancel: (call: ToolCall) => Promise<void>;
}) {
  const [outputs, setOutputs] = useState<Record<string, string>>({});
  const [canceling, setCanceling] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSend(calls.map((call) => ({ call, output: outputs[call.id] ?? '' })));
  }

  async function cancel(call: ToolCall) {
    setCanceling(call.id);
    try {
      await onCancel(call);
    } finally {
      setCanceling(null);
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-yellow-light)">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {calls.length === 1
              ? 'The model called a tool. Type what it returned, or cancel the call.'
              : `The model called ${calls.length} tools. Type what each returned, or cancel the ones you will not run.`}
          </Text>
          {calls.map((call) => (
            <ToolCallView key={call.id} call={call}>
              <Textarea
                label={`Result for ${call.function.name}`}
                placeholder='{"status": "shipped"}'
                autosize
                minRows={2}
                maxRows={8}
                value={outputs[call.id] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setOutputs((known) => ({ ...known, [call.id]: value }));
                }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <Group justify="flex-end">
                <Button variant="default" size="xs" onClick={() => void cancel(call)} loading={canceling === call.id}>
                  {`Cancel ${call.function.name}`}
                </Button>
              </Group>
            </ToolCallView>
          ))}
          <Group>
            <Button type="submit">Send results</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
