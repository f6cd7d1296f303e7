import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Message } from '../../../api/agent-types.ts';
import { formatDate } from '../../../components/format.ts';
import { ToolCallView } from '../../../components/agent/tool-call-view.tsx';
import { ToolOutput } from './tool-output.tsx';

/** One stored message: who wrote it and when (a person's reply under their name), its text, its
 * tool calls (with what each returned), the sources an answer was grounded on, and its feedback. */
export function MessageView({
  message,
  outputs,
  sources,
}: {
  message: Message;
  outputs?: ReadonlyMap<string, string>;
  sources?: ReadonlyArray<{ sourceId: string; title: string; type: string }>;
}) {
  const fromUser = message.role === 'user';
  const who = fromUser ? 'User' : message.author ? `${message.author.name} (person)` : 'Assistant';
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
          {who}
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
      {sources && sources.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="message-sources" style={{ overflowWrap: 'anywhere' }}>
          Sources: {sources.map((source) => source.title).join(' · ')}
        </Text>
      )}
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
