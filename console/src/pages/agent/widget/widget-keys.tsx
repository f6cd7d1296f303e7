// The agent's widget (publishable) keys: where each may run, whether it still works, and what it
// recently refused (other websites, wrong user hashes). Revoking is on the API keys page.
import { Anchor, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ApiKey, KeyStatus } from '../../../api/account-types.ts';
import { formatDate } from '../../../components/format.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useAccount } from '../../../components/use-account.ts';
import { useWidgetRefusals } from '../../../components/account/key-queries.ts';
import { WidgetRefusals } from '../../../components/account/widget-refusals.tsx';

const STATUS_COLOR: Record<KeyStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };

export function WidgetKeys({ keys }: { keys: ApiKey[] }) {
  const { accountId } = useAccount();
  const refusals = useWidgetRefusals();
  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No widget key yet.
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" data-testid="widget-keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Prefix</Table.Th>
              <Table.Th>Origins</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td fw={500}>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{(key.allowedOrigins ?? []).join(', ')}</Text>
                  <WidgetRefusals refusals={refusals.get(key.id)} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge color={STATUS_COLOR[key.status]}>{key.status}</StatusBadge>
                </Table.Td>
                <Table.Td>{formatDate(key.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Revoke a key on the{' '}
        <Anchor component={Link} to={`/a/${encodeURIComponent(accountId)}/keys`} size="xs">
          keys page
        </Anchor>
        ; pages using it stop answering at once.
      </Text>
    </>
  );
}
