import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ToolCall } from '../../api/agent-types.ts';

const STATUS_COLOR = { pending: 'yellow', completed: 'green', canceled: 'gray' } as const;

/** The model's arguments as indented JSON; as written when they are not JSON. */
export function formatArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One client tool call: its name, status and arguments, and (for a pending call) how to answer it. */
export function ToolCallView({ call, children }: { call: ToolCall; children?: ReactNode }) {
  return (
    <Stack
      gap={6}
      p="xs"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-body)',
      }}
      data-testid="tool-call"
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">
          Tool call <Code>{call.function.name}</Code>
        </Text>
        <Badge color={STATUS_COLOR[call.status]} variant="light" size="sm">
          {call.status}
        </Badge>
      </Group>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {formatArguments(call.function.arguments)}
      </Code>
      {children}
    </Stack>
  );
}
