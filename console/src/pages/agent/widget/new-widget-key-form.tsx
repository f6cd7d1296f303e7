// Makes a publishable key for this agent: a name and the websites (origins) it may run on, plus,
// by default, this console's own origin so the preview below can run with the same key.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Code, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { CreatedKey, NewKeyInput } from '../../../api/account-types.ts';
import type { Agent } from '../../../api/types.ts';
import { ErrorAlert, fieldError } from '../../../components/feedback.tsx';
import { useAccountPath } from '../../../components/use-account.ts';
import { REQUIRED_FIELD } from '../../../components/account/field-props.ts';
import { SERVER_ORIGIN } from './snippet.ts';

/** One origin a line (commas and spaces too). A pasted "https://example.com/" loses its slash; the
 * server says what else is not an origin. */
function parseOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

export function NewWidgetKeyForm({ agent, onCreated }: { agent: Agent; onCreated: (created: CreatedKey) => void }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [name, setName] = useState(`${agent.name} website`);
  const [origins, setOrigins] = useState('');
  const [preview, setPreview] = useState(true);

  const create = useMutation({
    mutationFn: (input: NewKeyInput) => api<CreatedKey>('POST', path('/keys'), input),
    onSuccess: async (created) => {
      await queries.invalidateQueries({ queryKey: ['keys', path('')] });
      await queries.invalidateQueries({ queryKey: ['overview', path('')] });
      setOrigins('');
      create.reset();
      onCreated(created);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const allowedOrigins = parseOrigins(origins);
    if (preview && !allowedOrigins.includes(SERVER_ORIGIN)) allowedOrigins.push(SERVER_ORIGIN);
    create.mutate({ name: name.trim(), kind: 'publishable', allowedAgentIds: [agent.id], allowedOrigins });
  }

  return (
    <form onSubmit={submit} aria-label="New widget key">
      <Stack gap="sm">
        <TextInput label="Key name" description="To tell your keys apart on the API keys page." {...REQUIRED_FIELD} value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError(create.error, 'name')} />
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
    </form>
  );
}
