import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Spoiler, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { ModelCalibration, SearchResult } from '../../../api/agent-types.ts';
import { EmptyState, ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';

const RESULT_LIMIT = 10;

/** Tries the agent's retrieval without a model: the passages a chat would be given. */
export function SearchPanel({ agentId }: { agentId: string }) {
  const agentPath = useAgentPath(agentId);
  const [query, setQuery] = useState('');
  const [explain, setExplain] = useState(false);
  // Explain mode asks the admin API's explain endpoint: the same search, with each score's parts.
  const search = useMutation({
    mutationFn: (input: { text: string; explain: boolean }) =>
      api<{ results: SearchResult[]; calibration?: ModelCalibration }>(
        'POST',
        agentPath(input.explain ? '/search/explain' : '/search'),
        { query: input.text, limit: RESULT_LIMIT },
      ),
  });
  const results = search.data?.results;

  function submit(event: FormEvent) {
    event.preventDefault();
    search.mutate({ text: query, explain });
  }

  return (
    <Stack gap="sm">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Search query"
            placeholder="What would a customer ask?"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            error={fieldError(search.error, 'query')}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" loading={search.isPending}>
            Search
          </Button>
        </Group>
        <Switch
          mt="xs"
          label="Explain scores (the semantic and keyword parts of each)"
          checked={explain}
          onChange={(event) => setExplain(event.currentTarget.checked)}
        />
      </form>
      <ErrorAlert error={search.error} title="The search failed" />
      {results && results.length === 0 && (
        <EmptyState title="No passage scored 0.3 or more">
          Try other words, or add knowledge that covers the question.
        </EmptyState>
      )}
      {search.data?.calibration && <CalibrationNote calibration={search.data.calibration} />}
      {results && results.length > 0 && (
        <Stack gap="xs" aria-live="polite">
          {results.map((result, index) => (
            <Paper key={`${result.source.id}:${index}`} withBorder p="sm" data-testid="search-result">
              <Group justify="space-between" gap="xs" mb={4} wrap="nowrap" align="flex-start">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {result.source.title}
                </Text>
                <Badge variant="light" style={{ flexShrink: 0 }}>{`Score ${result.score.toFixed(2)}`}</Badge>
              </Group>
              {result.explain && (
                <Text size="xs" c="dimmed" mb={4} data-testid="score-explain">
                  {`Semantic ${result.explain.semantic.toFixed(2)} (cosine ${result.explain.cosine.toFixed(2)}) · keyword ${result.explain.keyword.toFixed(2)} (BM25 ${result.explain.bm25.toFixed(2)}) → score = 1 − (1 − semantic) × (1 − keyword)`}
                </Text>
              )}
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

/** The embedding model's calibration, so an operator sees whether it tells meaning apart. */
function CalibrationNote({ calibration }: { calibration: ModelCalibration }) {
  return (
    <Text size="xs" c="dimmed" data-testid="search-calibration">
      {calibration.separates
        ? `Model ${calibration.model}: unrelated text scores cosine ${calibration.unrelated.toFixed(2)} on average, a paraphrase ${calibration.paraphrase.toFixed(2)}; the semantic part reads cosines on that scale.`
        : `Model ${calibration.model} does not tell a paraphrase from unrelated text (cosine ${calibration.paraphrase.toFixed(2)} against ${calibration.unrelated.toFixed(2)}), so only keywords are scored.`}
    </Text>
  );
}
