import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Spoiler, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { SearchResult } from '../../../api/agent-types.ts';
import { EmptyState, ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';

const RESULT_LIMIT = 10;

/** Tries the agent's retrieval without a model: the passages a chat would be given. */
export function SearchPanel({ agentId }: { agentId: string }) {
  const agentPath = useAgentPath(agentId);
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: (text: string) => api<{ results: SearchResult[] }>('POST', agentPath('/search'), { query: text, limit: RESULT_LIMIT }).then((body) => body.results),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    search.mutate(query);
  }

  return (
    <Stack gap="sm">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Search query" placeholder="What would a customer ask?" value={query} onChange={(event) => setQuery(event.currentTarget.value)} error={fieldError(search.error, 'query')} style={{ flex: '1 1 240px' }} />
          <Button type="submit" loading={search.isPending}>
            Search
          </Button>
        </Group>
      </form>
      <ErrorAlert error={search.error} title="The search failed" />
      {search.data && search.data.length === 0 && <EmptyState title="No passage scored 0.3 or more">Try other words, or add knowledge that covers the question.</EmptyState>}
      {search.data && search.data.length > 0 && (
        <Stack gap="xs" aria-live="polite">
          {search.data.map((result, index) => (
            <Paper key={`${result.source.id}:${index}`} withBorder p="sm" data-testid="search-result">
              <Group justify="space-between" gap="xs" mb={4} wrap="nowrap" align="flex-start">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {result.source.title}
                </Text>
                <Badge variant="light" style={{ flexShrink: 0 }}>{`Score ${result.score.toFixed(2)}`}</Badge>
              </Group>
              <Spoiler maxHeight={110} showLabel="Show the whole passage" hideLabel="Show less">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {result.content}
                </Text>
              </Spoiler>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
