// The agent's client tools as a JSON array: checked in the browser, then PUT as a whole.
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { Agent, ClientTool } from '../../api/types.ts';
import type { ToolList } from '../../api/account-types.ts';
import { ErrorAlert, Loading } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { notifySuccess } from './notify.ts';
import { agentKey } from '../agent/agent-query.ts';

const EXAMPLE: ClientTool[] = [
  {
    name: 'get_order_status',
    description: 'Looks up the status of an order by its number.',
    parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
  },
];

const asText = (tools: ClientTool[]) => JSON.stringify(tools, null, 2);

/** The text as a tools array, or why it is not one (the server checks each tool's fields). */
export function parseTools(text: string): { tools: unknown[] } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '[]' : text);
  } catch (error) {
    return { problem: `This is not valid JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(value))
    return { problem: 'The tools must be a JSON array, like [ { "name": …, "description": …, "parameters": {…} } ].' };
  const notObject = value.findIndex((tool) => typeof tool !== 'object' || tool === null || Array.isArray(tool));
  if (notObject >= 0) return { problem: `Item ${notObject + 1} of the array is not an object.` };
  return { tools: value };
}

export function ClientToolsForm({ agent }: { agent: Agent }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const toolsPath = path(`/agents/${seg(agent.id)}/tools`);
  const tools = useQuery({
    queryKey: [...agentKey(path(''), agent.id), 'tools'],
    queryFn: () => api<ToolList>('GET', toolsPath).then((body) => body.tools),
  });
  // null: untouched, show what the server has.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const text = draft ?? (tools.data ? asText(tools.data) : '');

  const save = useMutation({
    mutationFn: (list: unknown[]) => api<{ agent: Agent }>('PUT', toolsPath, { tools: list }),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: agentKey(path(''), agent.id) });
      setDraft(null);
      notifySuccess('The client tools were saved.', 'Tools saved');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseTools(text);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      save.reset();
      return;
    }
    setProblem(null);
    save.mutate(parsed.tools);
  }

  if (tools.isPending) return <Loading label="Loading the client tools…" />;
  if (tools.error) return <ErrorAlert error={tools.error} title="The client tools could not be loaded" />;
  return (
    <form onSubmit={submit} aria-label="Client tools">
      <Stack>
        <Textarea
          label="Client tools (JSON)"
          description="Functions your application runs when the model asks for them: an array of { name, description, parameters (a JSON Schema) }. An empty array removes them all."
          autosize
          minRows={6}
          maxRows={24}
          spellCheck={false}
          styles={{
            input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' },
          }}
          value={text}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
        />
        {text.trim() === '[]' && (
          <Text size="xs" c="dimmed">
            No tools yet.{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => setDraft(asText(EXAMPLE))}>
              Start from an example
            </Anchor>
          </Text>
        )}
        <ErrorAlert error={save.error} title="The tools could not be saved" />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save tools
          </Button>
          {draft !== null && (
            <Button
              variant="subtle"
              onClick={() => {
                setDraft(null);
                setProblem(null);
                save.reset();
              }}
            >
              Discard edits
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
