// Changes an endpoint's URL, description or subscriptions (only what changed is sent).
import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { WebhookEndpoint, WebhookEndpointInput } from '../../api/account-types.ts';
import { ErrorAlert, fieldError } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { EventsSelect } from './events-select.tsx';
import { notifySuccess } from './notify.ts';
import { REQUIRED_FIELD } from './field-props.ts';

const sameEvents = (a: string[] | null, b: string[] | null) =>
  JSON.stringify(a === null ? null : [...a].sort()) === JSON.stringify(b === null ? null : [...b].sort());

/** Mount it with `key={endpoint.id}`. */
export function EndpointSettingsForm({ endpoint }: { endpoint: WebhookEndpoint }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [url, setUrl] = useState(endpoint.url);
  const [description, setDescription] = useState(endpoint.description);
  const [events, setEvents] = useState<string[]>(endpoint.events ?? []);

  const changes: WebhookEndpointInput = {};
  if (url.trim() !== endpoint.url) changes.url = url.trim();
  if (description.trim() !== endpoint.description) changes.description = description.trim();
  // No type chosen means all of them, which the API spells null.
  const chosen = events.length === 0 ? null : events;
  if (!sameEvents(chosen, endpoint.events)) changes.events = chosen;
  const changed = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      api<{ endpoint: WebhookEndpoint }>('PATCH', path(`/webhooks/${seg(endpoint.id)}`), input).then(
        (body) => body.endpoint,
      ),
    onSuccess: async (saved) => {
      setUrl(saved.url);
      setDescription(saved.description);
      setEvents(saved.events ?? []);
      await queries.invalidateQueries({ queryKey: ['webhooks', path('')] });
      notifySuccess('The endpoint was saved.', 'Changes saved');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (changed) save.mutate(changes);
  }

  return (
    <form onSubmit={submit} aria-label="Endpoint settings">
      <Stack>
        <TextInput
          label="URL"
          type="url"
          {...REQUIRED_FIELD}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldError(save.error, 'url')}
        />
        <TextInput
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fieldError(save.error, 'description')}
        />
        <EventsSelect value={events} onChange={setEvents} error={fieldError(save.error, 'events')} />
        <ErrorAlert error={save.error} title="The endpoint could not be saved" />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
