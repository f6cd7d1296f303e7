// The agent's handoff setting: whether a visitor who asks for a person (in their own words, or
// through a generative model's built-in tool) is handed to the account's people.
import { Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import { ErrorAlert } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { notifySuccess } from './notify.ts';
import { agentKey } from '../agent/agent-query.ts';

export function HandoffSettingsForm({ agent }: { agent: Agent }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const enabled = agent.handoff?.enabled ?? false;
  const save = useMutation({
    mutationFn: (on: boolean) =>
      api<{ agent: Agent }>('PATCH', path(`/agents/${seg(agent.id)}`), { handoff: { enabled: on } }).then(
        (body) => body.agent,
      ),
    onSuccess: async (saved) => {
      await queries.invalidateQueries({ queryKey: agentKey(path('')) });
      notifySuccess(
        saved.handoff?.enabled ? 'Visitors who ask for a person are handed over.' : 'Handoff is off.',
        'Handoff saved',
      );
    },
  });
  return (
    <Stack>
      <Switch
        label="Hand over when a visitor asks for a person"
        description="A visitor who writes that they want a person (or, with a generative model, whom the model decides to hand over) goes to the inbox. The widget's Talk to a person works either way."
        checked={save.isPending ? (save.variables ?? enabled) : enabled}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        Conversations with people wait in the Inbox.
      </Text>
      <ErrorAlert error={save.error} title="The handoff setting could not be saved" />
    </Stack>
  );
}
