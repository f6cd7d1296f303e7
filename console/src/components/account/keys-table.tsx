// The account's API keys: their kind, what each may do, how much it spent, and revoking one.
import { useState } from 'react';
import { Button, Code, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { ApiKey, KeyStatus } from '../../api/account-types.ts';
import { formatCredits, formatDate } from '../format.ts';
import { useAccountPath } from '../use-account.ts';
import { useAllAgents } from './agent-queries.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { notifySuccess } from './notify.ts';
import { StatusBadge } from '../status-badge.tsx';

const STATUS_COLOR: Record<KeyStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };

function Restrictions({ apiKey, agentNames }: { apiKey: ApiKey; agentNames: Map<string, string> }) {
  const agents = apiKey.allowedAgentIds === null ? 'All agents' : `${apiKey.kind === 'publishable' ? 'Agent' : 'Agents'}: ${apiKey.allowedAgentIds.map((id) => agentNames.get(id) ?? id).join(', ')}`;
  const origins = apiKey.allowedOrigins && `Origins: ${apiKey.allowedOrigins.join(', ')}`;
  const ips = apiKey.allowedIps === null ? 'Any IP' : `IPs: ${apiKey.allowedIps.join(', ')}`;
  const expiry = apiKey.expiresAt === null ? 'Never expires' : `${apiKey.status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(apiKey.expiresAt)}`;
  return (
    <Stack gap={0}>
      {[agents, origins, ips, expiry].filter((line) => line !== null).map((line) => (
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

export function KeysTable({ keys }: { keys: ApiKey[] }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const agents = useAllAgents();
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
                  <StatusBadge color={STATUS_COLOR[key.status]}>
                    {key.status}
                  </StatusBadge>
                </Table.Td>
                <Table.Td>
                  <Restrictions apiKey={key} agentNames={agentNames} />
                </Table.Td>
                <Table.Td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</Table.Td>
                <Table.Td>
                  <Usage apiKey={key} />
                </Table.Td>
                <Table.Td>{formatDate(key.createdAt)}</Table.Td>
                <Table.Td>
                  {key.status === 'revoked' ? (
                    <Text size="xs" c="dimmed">
                      Revoked {formatDate(key.revokedAt)}
                    </Text>
                  ) : (
                    <Button size="xs" color="red" variant="light" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
