// The account's API keys: the list, "New key" (its secret shown once), and revoking.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { ApiKey } from '../api/account-types.ts';
import { EmptyState, ErrorAlert, Loading, PageTitle } from '../components/feedback.tsx';
import { useAccountPath } from '../components/use-account.ts';
import { KeysTable } from '../components/account/keys-table.tsx';
import { NewKeyModal } from '../components/account/new-key-modal.tsx';
import { SecretOnceModal } from '../components/account/secret-once-modal.tsx';

export function KeysPage() {
  const path = useAccountPath();
  const keys = useQuery({ queryKey: ['keys', path('')], queryFn: () => api<{ keys: ApiKey[] }>('GET', path('/keys')).then((body) => body.keys) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  return (
    <>
      <PageTitle actions={<Button onClick={() => setCreating(true)}>New key</Button>}>API keys</PageTitle>
      <NewKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key, secret) => {
          setCreating(false);
          setCreated({ name: key.name, secret });
        }}
      />
      <SecretOnceModal title="Copy your new key" secret={created?.secret ?? null} testId="new-key-secret" onDone={() => setCreated(null)}>
        The key <strong>{created?.name}</strong> is ready. Send it as <code>Authorization: Bearer …</code> with each API request.
      </SecretOnceModal>
      {keys.isPending ? (
        <Loading />
      ) : keys.error ? (
        <ErrorAlert error={keys.error} title="The keys could not be loaded" />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet">Your applications call the API with a key. Create one with “New key”.</EmptyState>
      ) : (
        <KeysTable keys={keys.data} />
      )}
    </>
  );
}
