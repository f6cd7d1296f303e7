// An agent's name, model and instructions (PATCH with only what changed).
import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import type { AgentInput } from '../../api/account-types.ts';
import { ErrorAlert, fieldError } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { ModelSelect } from './model-select.tsx';
import { notifySuccess } from './notify.ts';
import { REQUIRED_FIELD } from './field-props.ts';
import { agentKey } from '../agent/agent-query.ts';

/** Mount it with `key={agent.id}` so another agent starts from its own values. */
export function AgentSettingsForm({ agent }: { agent: Agent }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [name, setName] = useState(agent.name);
  const [model, setModel] = useState<string | null>(agent.model);
  const [instructions, setInstructions] = useState(agent.instructions);

  const changes: AgentInput = {};
  if (name.trim() !== agent.name) changes.name = name.trim();
  if (model && model !== agent.model) changes.model = model;
  if (instructions !== agent.instructions) changes.instructions = instructions;
  const changed = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: (input: AgentInput) =>
      api<{ agent: Agent }>('PATCH', path(`/agents/${seg(agent.id)}`), input).then((body) => body.agent),
    onSuccess: async (saved) => {
      setName(saved.name);
      setModel(saved.model);
      setInstructions(saved.instructions);
      await Promise.all([
        queries.invalidateQueries({ queryKey: agentKey(path('')) }),
        queries.invalidateQueries({ queryKey: ['agents', path('')] }),
      ]);
      notifySuccess(`${saved.name} was saved.`, 'Changes saved');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (changed) save.mutate(changes);
  }

  return (
    <form onSubmit={submit} aria-label="Agent settings">
      <Stack>
        <TextInput
          label="Name"
          {...REQUIRED_FIELD}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(save.error, 'name')}
        />
        <ModelSelect value={model} onChange={setModel} error={fieldError(save.error, 'model')} />
        <Textarea
          label="Instructions"
          description="How the agent should behave: its role, tone and limits."
          autosize
          minRows={5}
          maxRows={20}
          value={instructions}
          onChange={(event) => setInstructions(event.currentTarget.value)}
          error={fieldError(save.error, 'instructions')}
        />
        <ErrorAlert error={save.error} title="The changes could not be saved" />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
