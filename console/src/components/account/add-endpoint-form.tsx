// "Add endpoint": where to send events and which ones; the signing secret comes back once. A form
// on the page rather than a modal, so exactly one button is named "Add endpoint".
import { useState, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { WebhookEndpoint, WebhookEndpointInput } from '../../api/account-types.ts';
import { ErrorAlert, fieldError } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { EventsSelect } from './events-select.tsx';
import { REQUIRED_FIELD } from './field-props.ts';

export function AddEndpointForm({ onCreated }: { onCreated: (endpoint: WebhookEndpoint, secret: string) => void }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);

  const create = useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      api<{ endpoint: WebhookEndpoint; secret: string }>('POST', path('/webhooks'), input),
    onSuccess: async ({ endpoint, secret }) => {
      await queries.invalidateQueries({ queryKey: ['webhooks', path('')] });
      setUrl('');
      setDescription('');
      setEvents([]);
      create.reset();
      onCreated(endpoint, secret);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: WebhookEndpointInput = { url: url.trim() };
    if (description.trim()) input.description = description.trim();
    if (events.length > 0) input.events = events;
    create.mutate(input);
  }

  return (
    <form onSubmit={submit} aria-label="Add endpoint">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="URL"
            description="Where Colloquy POSTs each event, signed (Standard Webhooks)."
            placeholder="https://example.com/colloquy-events"
            type="url"
            {...REQUIRED_FIELD}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={fieldError(create.error, 'url')}
          />
          <TextInput
            label="Description"
            description="Optional: what receives these events."
            placeholder="Our CRM"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={fieldError(create.error, 'description')}
          />
        </SimpleGrid>
        <EventsSelect value={events} onChange={setEvents} error={fieldError(create.error, 'events')} />
        <ErrorAlert error={create.error} title="The endpoint could not be added" />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
