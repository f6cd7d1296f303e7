// "New key": a name and the optional limits (agents, addresses, expiry, credit quota).
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, MultiSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { ApiKey, NewKeyInput } from '../../api/account-types.ts';
import { ErrorAlert, fieldError } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { useAllAgents } from './agent-queries.ts';
import { CLOSED_DROPDOWN_UNMOUNTED, REQUIRED_FIELD } from './field-props.ts';

export interface NewKeyModalProps {
  opened: boolean;
  onClose: () => void;
  /** The new key and its secret, which the server shows this once. */
  onCreated: (key: ApiKey, secret: string) => void;
}

/** "10.0.0.1, 192.168.0.0/24" → the entries; the server says which are not addresses. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function NewKeyModal({ opened, onClose, onCreated }: NewKeyModalProps) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const agents = useAllAgents();
  const [name, setName] = useState('');
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const [ips, setIps] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [quota, setQuota] = useState<string | number>('');

  const create = useMutation({
    mutationFn: (input: NewKeyInput) => api<{ key: ApiKey; secret: string }>('POST', path('/keys'), input),
    onSuccess: async ({ key, secret }) => {
      await queries.invalidateQueries({ queryKey: ['keys', path('')] });
      await queries.invalidateQueries({ queryKey: ['overview', path('')] });
      setName('');
      setAgentIds([]);
      setIps('');
      setExpiresAt('');
      setQuota('');
      create.reset();
      onCreated(key, secret);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: NewKeyInput = { name: name.trim() };
    if (agentIds.length > 0) input.allowedAgentIds = agentIds;
    const allowedIps = splitList(ips);
    if (allowedIps.length > 0) input.allowedIps = allowedIps;
    // datetime-local is the browser's local time; the API wants an instant.
    if (expiresAt) input.expiresAt = new Date(expiresAt).toISOString();
    if (quota !== '' && quota !== null) input.quota = Number(quota);
    create.mutate(input);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New key" size="lg">
      <form onSubmit={submit} aria-label="New key">
        <Stack>
          <TextInput
            label="Name"
            description="To tell your keys apart, e.g. where it is used."
            {...REQUIRED_FIELD}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(create.error, 'name')}
            data-autofocus
          />
          <MultiSelect
            label="Allowed agents"
            description="Empty: every agent, including ones made later."
            placeholder={agentIds.length === 0 ? 'All agents' : undefined}
            data={(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
            value={agentIds}
            onChange={setAgentIds}
            searchable
            clearable
            nothingFoundMessage={agents.isPending ? 'Loading agents…' : 'No agent matches'}
            error={
              fieldError(create.error, 'allowedAgentIds') ??
              (agents.error ? 'The agents could not be loaded.' : undefined)
            }
            comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
          />
          <TextInput
            label="Allowed IPs"
            description="Comma-separated IP addresses or CIDR ranges, e.g. 203.0.113.7, 10.0.0.0/8. Empty: any address."
            value={ips}
            onChange={(event) => setIps(event.currentTarget.value)}
            error={fieldError(create.error, 'allowedIps')}
          />
          <TextInput
            type="datetime-local"
            label="Expires at"
            description="In your local time. Empty: never expires."
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.currentTarget.value)}
            error={fieldError(create.error, 'expiresAt')}
          />
          <NumberInput
            label="Credit quota"
            description="The most credits this key may spend in total. Empty: no quota."
            min={0}
            decimalScale={2}
            value={quota}
            onChange={setQuota}
            error={fieldError(create.error, 'quota')}
          />
          <ErrorAlert error={create.error} title="The key could not be created" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
