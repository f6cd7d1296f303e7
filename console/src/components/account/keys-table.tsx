// The account's API keys: their kind, what each may do, how much it spent, what the widget refused
// (publishable keys), and revoking one. A table on wide screens; a card a key on a phone, where nine
// columns would scroll sideways.
import { useState } from 'react';
import { Box, Button, Card, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { ApiKey, KeyStatus } from '../../api/account-types.ts';
import { formatCredits, formatDate } from '../format.ts';
import { useAccountPath } from '../use-account.ts';
import { useAllAgents } from './agent-queries.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { notifySuccess } from './notify.ts';
import { StatusBadge } from '../status-badge.tsx';
import { useWidgetRefusals } from './key-queries.ts';
import { WidgetRefusals } from './widget-refusals.tsx';

const STATUS_COLOR: Record<KeyStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };

function Restrictions({ apiKey, agentNames }: { apiKey: ApiKey; agentNames: Map<string, string> }) {
  const agents =
    apiKey.allowedAgentIds === null
      ? 'All agents'
      : `${apiKey.kind === 'publishable' ? 'Agent' : 'Agents'}: ${apiKey.allowedAgentIds.map((id) => agentNames.get(id) ?? id).join(', ')}`;
  const origins = apiKey.allowedOrigins && `Origins: ${apiKey.allowedOrigins.join(', ')}`;
  const ips = apiKey.allowedIps === null ? 'Any IP' : `IPs: ${apiKey.allowedIps.join(', ')}`;
  const expiry =
    apiKey.expiresAt === null
      ? 'Never expires'
      : `${apiKey.status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(apiKey.expiresAt)}`;
  return (
    <Stack gap={0}>
      {[agents, origins, ips, expiry]
        .filter((line) => line !== null)
        .map((line) => (
          <Text size="xs" key={line}>
            {line}
          </Text>
        ))}
    </Stack>
  );
}

function Usage({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.quota === null) return <>{formatCredits(apiKey.usage)} credits</>;
  return (
    <>
      {formatCredits(apiKey.usage)} of {formatCredits(apiKey.quota)} credits
    </>
  );
}

function RevokeAction({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  if (apiKey.status === 'revoked') {
    return (
      <Text size="xs" c="dimmed">
        Revoked {formatDate(apiKey.revokedAt)}
      </Text>
    );
  }
  return (
    <Button size="xs" color="red" variant="light" aria-label={`Revoke ${apiKey.name}`} onClick={() => onRevoke(apiKey)}>
      Revoke
    </Button>
  );
}

function Badges({ apiKey }: { apiKey: ApiKey }) {
  return (
    <>
      <StatusBadge color={apiKey.kind === 'publishable' ? 'violet' : 'blue'}>{apiKey.kind}</StatusBadge>
      <StatusBadge color={STATUS_COLOR[apiKey.status]}>{apiKey.status}</StatusBadge>
    </>
  );
}

/** A phone's view of one key: everything the table's row says, stacked. */
function KeyCard({
  apiKey,
  agentNames,
  refusals,
  onRevoke,
}: {
  apiKey: ApiKey;
  agentNames: Map<string, string>;
  refusals: ReturnType<typeof useWidgetRefusals>;
  onRevoke: (key: ApiKey) => void;
}) {
  return (
    <Card withBorder padding="sm" data-testid="key-card" aria-label={apiKey.name} component="section">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {apiKey.name}
          </Text>
          <RevokeAction apiKey={apiKey} onRevoke={onRevoke} />
        </Group>
        <Group gap="xs">
          <Code>{apiKey.prefix}…</Code>
          <Badges apiKey={apiKey} />
        </Group>
        <Restrictions apiKey={apiKey} agentNames={agentNames} />
        <WidgetRefusals refusals={refusals.get(apiKey.id)} />
        <Text size="xs" c="dimmed">
          <Usage apiKey={apiKey} /> · last used {apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : 'never'} · created{' '}
          {formatDate(apiKey.createdAt)}
        </Text>
      </Stack>
    </Card>
  );
}

export function KeysTable({ keys }: { keys: ApiKey[] }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const agents = useAllAgents();
  const refusals = useWidgetRefusals();
  const agentNames = new Map((agents.data ?? []).map((agent) => [agent.id, agent.name]));
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => api('DELETE', path(`/keys/${seg(key.id)}`)),
    onSuccess: async (_answer, key) => {
      setRevoking(null);
      await queries.invalidateQueries({ queryKey: ['keys', path('')] });
      await queries.invalidateQueries({ queryKey: ['overview', path('')] });
      notifySuccess(`${key.name} no longer works.`, 'Key revoked');
    },
  });

  return (
    <>
      <Stack gap="sm" hiddenFrom="md">
        {keys.map((key) => (
          <KeyCard key={key.id} apiKey={key} agentNames={agentNames} refusals={refusals} onRevoke={setRevoking} />
        ))}
      </Stack>
      <Box visibleFrom="md">
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Prefix</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Restrictions</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Usage</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
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
                    <StatusBadge color={key.kind === 'publishable' ? 'violet' : 'blue'}>{key.kind}</StatusBadge>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge color={STATUS_COLOR[key.status]}>{key.status}</StatusBadge>
                  </Table.Td>
                  <Table.Td>
                    <Restrictions apiKey={key} agentNames={agentNames} />
                    <WidgetRefusals refusals={refusals.get(key.id)} />
                  </Table.Td>
                  <Table.Td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Usage apiKey={key} />
                  </Table.Td>
                  <Table.Td>{formatDate(key.createdAt)}</Table.Td>
                  <Table.Td>
                    <RevokeAction apiKey={key} onRevoke={setRevoking} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke key"
        confirmLabel="Revoke"
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
        action={revoke}
      >
        Revoke <strong>{revoking?.name}</strong>? Requests made with it are refused from now on. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
