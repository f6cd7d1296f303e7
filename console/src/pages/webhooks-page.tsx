// Webhook endpoints: the list and "Add endpoint" (its signing secret shown once); ?endpoint=…
// opens one endpoint's detail with its live delivery log.
import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorAlert, Loading, PageTitle } from '../components/feedback.tsx';
import { EndpointDetail } from '../components/account/endpoint-detail.tsx';
import { EndpointsTable } from '../components/account/endpoints-table.tsx';
import { AddEndpointForm } from '../components/account/add-endpoint-form.tsx';
import { SecretOnceModal } from '../components/account/secret-once-modal.tsx';
import { useEndpoints } from '../components/account/webhook-queries.ts';

export function WebhooksPage() {
  const [params, setParams] = useSearchParams();
  const endpointId = params.get('endpoint');
  const endpoints = useEndpoints();
  const [secret, setSecret] = useState<string | null>(null);

  if (endpointId) return <EndpointDetail endpointId={endpointId} onClose={() => setParams({})} />;
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>Webhooks</PageTitle>
        <Text c="dimmed" size="sm">
          Colloquy POSTs signed events (chats completed or failed, agents and sources changed, credits running low) to
          your endpoints as they happen.
        </Text>
      </div>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Add endpoint
        </Title>
        <AddEndpointForm onCreated={(_endpoint, created) => setSecret(created)} />
      </Paper>
      <SecretOnceModal
        title="Copy your signing secret"
        secret={secret}
        testId="new-webhook-secret"
        onDone={() => setSecret(null)}
      >
        Your receiver checks each delivery's signature with this secret.
      </SecretOnceModal>
      {endpoints.isPending ? (
        <Loading />
      ) : endpoints.error ? (
        <ErrorAlert error={endpoints.error} title="The endpoints could not be loaded" />
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No endpoints yet">Add an endpoint to receive events at your own URL.</EmptyState>
      ) : (
        <EndpointsTable endpoints={endpoints.data} />
      )}
    </Stack>
  );
}
