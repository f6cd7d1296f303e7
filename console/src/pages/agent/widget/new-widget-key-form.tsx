// Makes a publishable key for this agent: a name and the websites (origins) it may run on, plus,
// by default, this console's own origin so the preview below can run with the same key. A second
// click does not make a twin: the same websites reuse the key this browser holds, or ask first;
// names are kept apart (the default counts up, a name in use is refused).
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Code, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { ApiKey, CreatedKey, NewKeyInput } from '../../../api/account-types.ts';
import type { Agent } from '../../../api/types.ts';
import { ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { useAccountPath } from '../../../components/use-account.ts';
import { REQUIRED_FIELD } from '../../../components/account/field-props.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { SERVER_ORIGIN } from './snippet.ts';

/** One origin a line (commas and spaces too). A pasted "https://example.com/" loses its slash; the
 * server says what else is not an origin. */
function parseOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** `base`, or `base 2`, `base 3`… : the first not among `taken`. */
function freeName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}

const sameOrigins = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export interface NewWidgetKeyFormProps {
  agent: Agent;
  /** Every key of the account (names must differ from the working ones). */
  accountKeys: ApiKey[];
  /** The key this browser remembers for the agent, if it still works. */
  currentKeyId: string | null;
  onCreated: (created: CreatedKey) => void;
  /** The same websites as the key this browser holds: that key is kept, nothing is made. */
  onReused: (key: ApiKey) => void;
}

export function NewWidgetKeyForm({ agent, accountKeys, currentKeyId, onCreated, onReused }: NewWidgetKeyFormProps) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const working = accountKeys.filter((key) => key.status === 'active');
  const takenNames = new Set(working.map((key) => key.name));
  const [name, setName] = useState<string | null>(null);
  const shownName = name ?? freeName(`${agent.name} website`, takenNames);
  const [origins, setOrigins] = useState('');
  const [preview, setPreview] = useState(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const [twin, setTwin] = useState<{ existing: ApiKey; input: NewKeyInput } | null>(null);

  const create = useMutation({
    mutationFn: (input: NewKeyInput) => api<CreatedKey>('POST', path('/keys'), input),
    onSuccess: async (created) => {
      await queries.invalidateQueries({ queryKey: ['keys', path('')] });
      await queries.invalidateQueries({ queryKey: ['overview', path('')] });
      // The origins stay: pressing the button again finds this key instead of making a twin.
      setName(null);
      setTwin(null);
      create.reset();
      onCreated(created);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const allowedOrigins = parseOrigins(origins);
    if (preview && !allowedOrigins.includes(SERVER_ORIGIN)) allowedOrigins.push(SERVER_ORIGIN);
    const input: NewKeyInput = {
      name: shownName.trim(),
      kind: 'publishable',
      allowedAgentIds: [agent.id],
      allowedOrigins,
    };
    if (takenNames.has(input.name))
      return setNameError('Another key already has this name: choose one that tells them apart.');
    setNameError(null);
    const existing = working.find(
      (key) =>
        key.kind === 'publishable' &&
        key.allowedAgentIds?.[0] === agent.id &&
        sameOrigins(key.allowedOrigins ?? [], allowedOrigins),
    );
    if (existing && existing.id === currentKeyId) return onReused(existing);
    if (existing) return setTwin({ existing, input });
    create.mutate(input);
  }

  return (
    <form onSubmit={submit} aria-label="New widget key">
      <Stack gap="sm">
        <TextInput
          label="Key name"
          description="To tell your keys apart on the API keys page."
          {...REQUIRED_FIELD}
          value={shownName}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError ?? fieldError(create.error, 'name')}
        />
        <Textarea
          label="Allowed origins"
          description="The websites that may show the widget, one a line: scheme, host and port only, such as https://www.example.com. Pages of other sites are refused."
          placeholder="https://www.example.com"
          autosize
          minRows={2}
          maxRows={8}
          value={origins}
          onChange={(event) => setOrigins(event.currentTarget.value)}
          error={fieldError(create.error, 'allowedOrigins')}
        />
        <Checkbox
          label={
            <>
              Also allow this console (<Code>{SERVER_ORIGIN}</Code>), for the live preview
            </>
          }
          checked={preview}
          onChange={(event) => setPreview(event.currentTarget.checked)}
        />
        <ErrorAlert error={create.error} title="The widget key could not be created" />
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          Create widget key
        </Button>
      </Stack>
      <ConfirmModal
        opened={twin !== null}
        title="A key for these websites exists"
        confirmLabel="Make another key"
        onConfirm={() => twin && create.mutate(twin.input)}
        onClose={() => setTwin(null)}
        action={create}
      >
        The key “{twin?.existing.name}” already works on exactly these websites. A key is shown only when it is made, so
        if you still have its snippet, keep using it. Make another key, “{twin?.input.name}”, anyway?
      </ConfirmModal>
    </form>
  );
}
