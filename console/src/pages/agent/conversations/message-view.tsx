import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Message } from '../../../api/agent-types.ts';
import { formatDate } from '../../../components/format.ts';
import { ToolCallView } from '../../../components/agent/tool-call-view.tsx';
import { ToolOutput } from './tool-output.tsx';

/** One stored message: who wrote it and when, its text, its tool calls (with what each returned),
 * and the feedback it got. */
export function MessageView({ message, outputs }: { message: Message; outputs?: ReadonlyMap<string, string> }) {
  const fromUser = message.role === 'user';
  return (
    <Stack
      gap={6}
      p="sm"
      data-testid="conversation-message"
      style={{
        borderRadius: 12,
        background: fromUser ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)',
        alignSelf: fromUser ? 'flex-end' : 'flex-start',
        maxWidth: 'min(90%, 760px)',
      }}
    >
      <Group gap="xs" justify="space-between">
        <Text size="xs" fw={700}>
          {fromUser ? 'User' : 'Assistant'}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(message.createdAt)}
        </Text>
      </Group>
      {message.content !== undefined && message.content !== '' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Text>
      )}
      {message.tool_calls?.map((call) => (
        <ToolCallView key={call.id} call={call}>
          {outputs?.has(call.id) && <ToolOutput output={outputs.get(call.id) as string} />}
        </ToolCallView>
      ))}
      {message.feedback && (
        <Group gap="xs" data-testid="message-feedback" wrap="wrap">
          <Badge color={message.feedback.rating === 'up' ? 'green' : 'red'} variant="light">
            {message.feedback.rating === 'up' ? 'Rated up' : 'Rated down'}
          </Badge>
          {message.feedback.comment && (
            <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              “{message.feedback.comment}”
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
