// One run's outcome: its pass rate (beside another model's, for a comparison run) and each
// question's result with the rank and score of the expected source and the top sources found.
import { Group, Stack, Table, Text } from '@mantine/core';
import type { TestResult, TestRun } from '../../../api/test-types.ts';
import { formatDate } from '../../../components/format.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';

export function percent(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

function TopSources({ result }: { result: TestResult }) {
  if (result.topSources.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing above the floor
      </Text>
    );
  return (
    <Stack gap={2}>
      {result.topSources.map((source, i) => (
        <Text
          size="xs"
          key={`${source.id}-${i}`}
          style={{ overflowWrap: 'anywhere' }}
        >{`${i + 1}. ${source.title} (${source.score.toFixed(2)})`}</Text>
      ))}
    </Stack>
  );
}

export function RunResults({ run }: { run: TestRun }) {
  const trigger = run.trigger === 'manual' ? 'run by hand' : 'run after a knowledge change';
  return (
    <Stack gap="sm" data-testid="latest-run">
      <Group gap="sm" align="baseline">
        <Text fw={600} size="lg">{`${percent(run.passRate)} passed`}</Text>
        <Text
          size="sm"
          c="dimmed"
        >{`${run.passed} passed · ${run.failed} failed · ${trigger} ${formatDate(run.createdAt)} · ${run.model}`}</Text>
      </Group>
      {run.comparison && (
        <Text
          size="sm"
          data-testid="comparison"
        >{`With ${run.comparison.model}: ${percent(run.comparison.passRate)} passed (${run.comparison.passed} passed · ${run.comparison.failed} failed)`}</Text>
      )}
      {run.state === 'failed' && (
        <Text size="sm" c="red">
          {run.error ?? 'The run failed.'}
        </Text>
      )}
      {(run.state === 'queued' || run.state === 'running') && (
        <Text size="sm" c="dimmed">
          The run is on the queue; its results show here when it ends.
        </Text>
      )}
      {run.results.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Top sources</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.results.map((result) => (
                <Table.Tr key={result.questionId} style={{ verticalAlign: 'top' }}>
                  <Table.Td style={{ maxWidth: 280 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {result.question}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {result.passed ? (
                      <StatusBadge color="green">Passed</StatusBadge>
                    ) : (
                      <StatusBadge color="red">Failed</StatusBadge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{result.rank ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{result.score === null ? '—' : result.score.toFixed(2)}</Text>
                  </Table.Td>
                  <Table.Td style={{ maxWidth: 260 }}>
                    <TopSources result={result} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
