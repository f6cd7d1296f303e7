// Each attempt of one delivery: what the receiver answered, or why nothing came back.
import { Code, Stack, Table, Text } from '@mantine/core';
import type { DeliveryAttempt } from '../../api/account-types.ts';
import { formatDate } from '../format.ts';

export function DeliveryAttempts({ attempts }: { attempts: DeliveryAttempt[] | undefined }) {
  if (!attempts || attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attempt yet.
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Attempt</Table.Th>
          <Table.Th>Started at</Table.Th>
          <Table.Th>Status code</Table.Th>
          <Table.Th>Took (ms)</Table.Th>
          <Table.Th>Error or response</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.map((attempt) => (
          <Table.Tr key={attempt.attempt}>
            <Table.Td>{attempt.attempt}</Table.Td>
            <Table.Td>{formatDate(attempt.startedAt)}</Table.Td>
            <Table.Td>{attempt.statusCode ?? '—'}</Table.Td>
            <Table.Td>{attempt.latencyMs ?? '—'}</Table.Td>
            <Table.Td maw={420}>
              <Stack gap={4}>
                {attempt.error && (
                  <Text size="sm" c="red">
                    {attempt.error}
                  </Text>
                )}
                {attempt.response ? (
                  <Code
                    block
                    style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 160, overflow: 'auto' }}
                  >
                    {attempt.response}
                  </Code>
                ) : (
                  !attempt.error && (
                    <Text size="sm" c="dimmed">
                      Empty answer
                    </Text>
                  )
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
