// Deleting an agent, behind a confirmation that names it; afterwards, back to the agents list.
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, seg } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import { useAccount, useAccountPath } from '../use-account.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { notifySuccess } from './notify.ts';
import { agentKey } from '../agent/agent-query.ts';

export function DeleteAgentSection({ agent }: { agent: Agent }) {
  const { accountId } = useAccount();
  const path = useAccountPath();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation({
    mutationFn: () => api('DELETE', path(`/agents/${seg(agent.id)}`)),
    onSuccess: async () => {
      setConfirming(false);
      navigate(`/a/${encodeURIComponent(accountId)}/agents`);
      // After leaving its page, so nothing asks for the agent that is gone.
      queries.removeQueries({ queryKey: agentKey(path(''), agent.id) });
      await Promise.all([
        queries.invalidateQueries({ queryKey: ['agents', path('')] }),
        queries.invalidateQueries({ queryKey: ['overview', path('')] }),
      ]);
      notifySuccess(`${agent.name} was deleted.`, 'Agent deleted');
    },
  });

  return (
    <Paper withBorder p="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="xs">
        <Title order={4}>Delete this agent</Title>
        <Text size="sm" c="dimmed">
          Its knowledge, conversations, client tools and settings are deleted for good.
        </Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            Delete agent
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Delete agent"
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
        action={remove}
      >
        Delete <strong>{agent.name}</strong> with all its knowledge and conversations? This cannot be undone.
      </ConfirmModal>
    </Paper>
  );
}
