// The account's API keys: the list, "New key" (its secret shown once), and revoking.
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { EmptyState, ErrorAlert, Loading, PageTitle } from '../components/feedback.tsx';
import { useKeys } from '../components/account/key-queries.ts';
import { KeysTable } from '../components/account/keys-table.tsx';
import { NewKeyModal } from '../components/account/new-key-modal.tsx';
import { SecretOnceModal } from '../components/account/secret-once-modal.tsx';

export function KeysPage() {
  const keys = useKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  return (
    <>
      <PageTitle actions={<Button onClick={() => setCreating(true)}>New key</Button>}>API keys</PageTitle>
      <Text size="sm" c="dimmed" mb="md">
        Secret keys are for your servers. Publishable keys, for the chat widget on a website, are made on an agent’s
        Widget tab.
      </Text>
      <NewKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key, secret) => {
          setCreating(false);
          setCreated({ name: key.name, secret });
        }}
      />
      <SecretOnceModal
        title="Copy your new key"
        secret={created?.secret ?? null}
        testId="new-key-secret"
        onDone={() => setCreated(null)}
      >
        The key <strong>{created?.name}</strong> is ready. Send it as <code>Authorization: Bearer …</code> with each API
        request.
      </SecretOnceModal>
      {keys.isPending ? (
        <Loading />
      ) : keys.error ? (
        <ErrorAlert error={keys.error} title="The keys could not be loaded" />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet">
          Your applications call the API with a key. Create one with “New key”.
        </EmptyState>
      ) : (
        <KeysTable keys={keys.data} />
      )}
    </>
  );
}
