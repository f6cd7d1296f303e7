import { Code, Stack, Text } from '@mantine/core';
import { formatArguments } from '../../../components/agent/tool-call-view.tsx';

/** What the client's tool returned, under its call in the conversation view. */
export function ToolOutput({ output }: { output: string }) {
  return (
    <Stack gap={2} data-testid="tool-output">
      <Text size="xs" fw={700}>
        Output
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {formatArguments(output)}
      </Code>
    </Stack>
  );
}
