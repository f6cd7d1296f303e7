import { useEffect, useRef } from 'react';
import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { formatCredits } from '../../../components/format.ts';
import { ToolCallView } from '../../../components/agent/tool-call-view.tsx';
import type { AssistantEntry, Entry } from './chat-log.ts';
import { ReplyError } from './reply-error.tsx';

const FINISH_NOTES: Record<string, string> = {
  length: 'Cut short: the reply reached the model’s length limit.',
  content_filter: 'Stopped by the model’s content filter.',
  tool_calls: 'Waiting for the tool results.',
};

function finishNote(entry: AssistantEntry): string | undefined {
  if (entry.finishReason === 'tool_calls' && !entry.toolCalls.some((call) => call.status === 'pending'))
    return undefined;
  return FINISH_NOTES[entry.finishReason ?? ''];
}

const BUBBLE = {
  padding: '8px 12px',
  borderRadius: 12,
  maxWidth: 'min(85%, 720px)',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

function AssistantBubble({ entry }: { entry: AssistantEntry }) {
  const waiting = entry.state === 'streaming' && entry.content === '' && entry.toolCalls.length === 0;
  const bubble = entry.content !== '' || entry.toolCalls.length > 0 || waiting;
  return (
    <Stack gap={4} align="flex-start" data-testid="assistant-message" data-state={entry.state}>
      {bubble && (
        <Box style={{ ...BUBBLE, background: 'var(--mantine-color-gray-light)' }}>
          {waiting ? (
            <Group gap="xs">
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                Thinking…
              </Text>
            </Group>
          ) : (
            <Stack gap="xs">
              {entry.content !== '' && <Text size="sm">{entry.content}</Text>}
              {entry.toolCalls.map((call) => (
                <ToolCallView key={call.id} call={call} />
              ))}
            </Stack>
          )}
        </Box>
      )}
      {entry.state === 'failed' && (
        <Box w="100%" maw={720}>
          <ReplyError error={entry.error} />
        </Box>
      )}
      {entry.state === 'stopped' && (
        <Text size="xs" c="dimmed">
          Stopped. This reply was not kept.
        </Text>
      )}
      {entry.state === 'done' && (
        <Text size="xs" c="dimmed">
          {[
            finishNote(entry),
            entry.credits !== undefined
              ? `${formatCredits(entry.credits)} ${entry.credits === 1 ? 'credit' : 'credits'}`
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

function EntryView({ entry }: { entry: Entry }) {
  if (entry.kind === 'assistant') return <AssistantBubble entry={entry} />;
  if (entry.kind === 'user')
    return (
      <Stack align="flex-end" data-testid="user-message">
        <Box style={{ ...BUBBLE, background: 'var(--mantine-color-blue-light)' }}>
          <Text size="sm">{entry.text}</Text>
        </Box>
      </Stack>
    );
  return (
    <Stack align="flex-end" gap={4} data-testid="tool-results">
      {entry.results.map((result, index) => (
        <Box key={index} style={{ ...BUBBLE, background: 'var(--mantine-color-blue-light)' }}>
          <Text size="xs" c="dimmed">{`Result for ${result.name}`}</Text>
          <Text size="sm" ff="monospace">
            {result.output === '' ? '(empty)' : result.output}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/** The conversation so far; it scrolls to the newest text as the reply grows. */
export function Transcript({ entries, empty }: { entries: Entry[]; empty: string }) {
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [entries]);
  return (
    <Box
      ref={log}
      role="log"
      aria-label="Chat transcript"
      p="sm"
      style={{
        height: 'max(300px, calc(100dvh - 460px))',
        overflowY: 'auto',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          {empty}
        </Text>
      ) : (
        <Stack gap="sm">
          {entries.map((entry) => (
            <EntryView key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
