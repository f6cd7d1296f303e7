// One webhook endpoint: on or off, a test ping, its settings, deleting it, and its delivery log.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, seg } from '../../api/client.ts';
import type { WebhookEndpoint } from '../../api/account-types.ts';
import { ErrorAlert, Loading } from '../feedback.tsx';
import { formatDate } from '../format.ts';
import { useAccountPath } from '../use-account.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointSettingsForm } from './endpoint-settings-form.tsx';
import { endpointStatus } from './endpoints-table.tsx';
import { notifyError, notifySuccess } from './notify.ts';
import { useEndpoint } from './webhook-queries.ts';

function EndpointActions({ endpoint, onDeleted }: { endpoint: WebhookEndpoint; onDeleted: () => void }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const endpointPath = path(`/webhooks/${seg(endpoint.id)}`);

  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) =>
      api<{ endpoint: WebhookEndpoint }>('PATCH', endpointPath, { enabled }).then((body) => body.endpoint),
    onSuccess: async (saved) => {
      await queries.invalidateQueries({ queryKey: ['webhooks', path('')] });
      notifySuccess(
        saved.enabled
          ? 'Events are sent to this endpoint again, starting with those that waited.'
          : 'No events are sent to this endpoint until you enable it.',
        saved.enabled ? 'Endpoint enabled' : 'Endpoint disabled',
      );
    },
    onError: (error) => notifyError(error, 'The endpoint could not be changed'),
  });
  const ping = useMutation({
    mutationFn: () => api('POST', `${endpointPath}/ping`),
    onSuccess: async () => {
      notifySuccess('Follow it in the delivery log below.', 'Ping queued');
      await queries.invalidateQueries({ queryKey: ['webhooks', path(''), endpoint.id, 'deliveries'] });
    },
    onError: (error) => notifyError(error, 'The ping could not be sent'),
  });
  const remove = useMutation({
    mutationFn: () => api('DELETE', endpointPath),
    onSuccess: async () => {
      setConfirming(false);
      onDeleted();
      queries.removeQueries({ queryKey: ['webhooks', path(''), endpoint.id] });
      await queries.invalidateQueries({ queryKey: ['webhooks', path('')] });
      notifySuccess(`${endpoint.url} receives no more events.`, 'Endpoint deleted');
    },
  });

  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Switch
        label="Enabled"
        checked={setEnabled.isPending ? setEnabled.variables : endpoint.enabled}
        disabled={setEnabled.isPending}
        onChange={(event) => setEnabled.mutate(event.currentTarget.checked)}
      />
      <Group gap="xs">
        <Button variant="light" onClick={() => ping.mutate()} loading={ping.isPending}>
          Send ping
        </Button>
        <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
          Delete endpoint
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="Delete endpoint"
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
        action={remove}
      >
        Delete the endpoint <strong style={{ wordBreak: 'break-all' }}>{endpoint.url}</strong> and its delivery log?
        Events are no longer sent to it.
      </ConfirmModal>
    </Group>
  );
}

export function EndpointDetail({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
  const endpoint = useEndpoint(endpointId);
  const back = (
    <Anchor component={Link} to="." size="sm">
      ← All endpoints
    </Anchor>
  );

  if (endpoint.isPending) return <Loading />;
  if (endpoint.error) {
    return (
      <Stack>
        {back}
        <ErrorAlert error={endpoint.error} title="This endpoint could not be loaded" />
      </Stack>
    );
  }
  const data = endpoint.data;
  const status = endpointStatus(data);
  return (
    <Stack gap="lg">
      {back}
      <div>
        <Group gap="sm" wrap="wrap">
          <Title order={2} style={{ wordBreak: 'break-all' }}>
            {data.url}
          </Title>
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
        </Group>
        {data.description && <Text c="dimmed">{data.description}</Text>}
        <Text size="xs" c="dimmed">
          {data.id} · added {formatDate(data.createdAt)}
        </Text>
      </div>
      {data.disabledReason === 'gone' && !data.enabled && (
        <Alert color="orange" variant="light" title="Disabled by the receiver">
          The receiver answered 410 Gone, so Colloquy stopped sending to it. Enable it again once the receiver is back;
          events that waited are sent then.
        </Alert>
      )}
      <EndpointActions endpoint={data} onDeleted={onClose} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Settings
          </Title>
          <EndpointSettingsForm key={data.id} endpoint={data} />
        </Paper>
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Verifying deliveries
          </Title>
          <Text size="sm">
            Each delivery is signed with this endpoint's secret (Standard Webhooks): check the{' '}
            <code>webhook-signature</code> header against <code>webhook-id</code>, <code>webhook-timestamp</code> and
            the body before trusting it. A receiver should answer 2xx quickly; other answers and time-outs are retried
            with growing waits, and 410 Gone disables the endpoint.
          </Text>
        </Paper>
      </SimpleGrid>
      <DeliveryLog endpointId={data.id} />
    </Stack>
  );
}
