// "New agent": name, model and instructions; on success the caller opens the agent's settings.
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import type { AgentInput } from '../../api/account-types.ts';
import { ErrorAlert, fieldError } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { ModelSelect } from './model-select.tsx';
import { notifySuccess } from './notify.ts';
import { REQUIRED_FIELD } from './field-props.ts';

export interface NewAgentModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (agent: Agent) => void;
}

export function NewAgentModal({ opened, onClose, onCreated }: NewAgentModalProps) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [model, setModel] = useState<string | null>(null);
  const [instructions, setInstructions] = useState('');

  const create = useMutation({
    mutationFn: (input: AgentInput) => api<{ agent: Agent }>('POST', path('/agents'), input).then((body) => body.agent),
    onSuccess: async (agent) => {
      await queries.invalidateQueries({ queryKey: ['agents', path('')] });
      await queries.invalidateQueries({ queryKey: ['overview', path('')] });
      notifySuccess(`${agent.name} was created.`, 'Agent created');
      setName('');
      setModel(null);
      setInstructions('');
      create.reset();
      onCreated(agent);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: AgentInput = { name: name.trim() };
    if (model) input.model = model;
    if (instructions.trim()) input.instructions = instructions;
    create.mutate(input);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New agent" size="lg">
      <form onSubmit={submit} aria-label="New agent">
        <Stack>
          <TextInput
            label="Name"
            {...REQUIRED_FIELD}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(create.error, 'name')}
            data-autofocus
          />
          <ModelSelect
            value={model}
            onChange={setModel}
            error={fieldError(create.error, 'model')}
            placeholder="The default model"
            clearable
          />
          <Textarea
            label="Instructions"
            description="How the agent should behave: its role, tone and limits."
            autosize
            minRows={4}
            maxRows={12}
            value={instructions}
            onChange={(event) => setInstructions(event.currentTarget.value)}
            error={fieldError(create.error, 'instructions')}
          />
          <ErrorAlert error={create.error} title="The agent could not be created" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create agent
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
