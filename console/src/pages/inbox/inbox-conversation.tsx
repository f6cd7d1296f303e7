// One conversation of the inbox: the whole transcript (the agent's earlier answers with their
// sources, the people's replies), "Assign to me", a reply under the member's name, and "Resolve".
// A viewer reads it all and answers nothing (the server refuses their changes too).
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { Transcript } from '../../api/agent-types.ts';
import { ErrorAlert, Loading } from '../../components/feedback.tsx';
import { useAccount, useAccountPath } from '../../components/use-account.ts';
import { useSignedIn } from '../../session/session.tsx';
import { notifyError, notifySuccess } from '../../components/account/notify.ts';
import { MessageView } from '../agent/conversations/message-view.tsx';
import { INBOX_REFRESH_MS, inboxKey } from './inbox-queries.ts';

const NAME_KEY = 'colloquy.inbox.name';

export function InboxConversationView({
  agentId,
  conversationId,
  onResolved,
}: {
  agentId: string;
  conversationId: string;
  onResolved: () => void;
}) {
  const path = useAccountPath();
  const { role } = useAccount();
  const { user } = useSignedIn();
  const queries = useQueryClient();
  const base = path(`/agents/${seg(agentId)}/conversations/${seg(conversationId)}`);
  const transcript = useQuery({
    queryKey: [...inboxKey(path('')), 'transcript', conversationId],
    queryFn: () => api<Transcript>('GET', `${base}/transcript`),
    refetchInterval: INBOX_REFRESH_MS,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: inboxKey(path('')) });
  const assign = useMutation({
    mutationFn: (assignee: 'me' | null) => api('POST', `${base}/assign`, { assignee }),
    onSuccess: refresh,
    onError: (error) => notifyError(error, 'The conversation could not be assigned'),
  });
  const resolve = useMutation({
    mutationFn: () => api('POST', `${base}/handoff/resolve`),
    onSuccess: async () => {
      notifySuccess('The agent answers this conversation again.', 'Resolved');
      await refresh();
      onResolved();
    },
    onError: (error) => notifyError(error, 'The conversation could not be resolved'),
  });

  if (transcript.isPending) return <Loading label="Loading the conversation" />;
  if (transcript.error) return <ErrorAlert error={transcript.error} title="The conversation could not be loaded" />;
  const { conversation, messages } = transcript.data;
  const withPeople = conversation.state === 'people';
  const mine = conversation.assignee === user.email;
  const readOnly = role === 'viewer';

  return (
    <Stack gap="sm" aria-label="Conversation with a person" role="region">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={600}>{conversation.userId ?? 'Visitor'}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {conversation.agent.name} · <Code>{conversation.id}</Code>
            {conversation.handoff?.reason ? ` · ${conversation.handoff.reason}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {withPeople ? (
            <Badge variant="light">
              {conversation.assignee ? `Assigned to ${conversation.assignee}` : 'Unassigned'}
            </Badge>
          ) : (
            <Badge color="gray">Back with the agent</Badge>
          )}
          {!readOnly && withPeople && (
            <>
              <Button
                size="xs"
                variant="light"
                loading={assign.isPending}
                onClick={() => assign.mutate(mine ? null : 'me')}
              >
                {mine ? 'Unassign' : 'Assign to me'}
              </Button>
              <Button size="xs" color="green" loading={resolve.isPending} onClick={() => resolve.mutate()}>
                Resolve
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <Stack gap="sm" role="log" aria-label="Transcript">
          {messages.map((message) => (
            <MessageView key={message.id} message={message} sources={message.sources} />
          ))}
        </Stack>
      </Paper>
      {readOnly ? (
        <Alert variant="light" color="blue">
          As a viewer you read the inbox; an owner or teammate answers.
        </Alert>
      ) : withPeople ? (
        <ReplyForm base={base} email={user.email} onSent={() => void transcript.refetch()} />
      ) : null}
    </Stack>
  );
}

function ReplyForm({ base, email, onSent }: { base: string; email: string; onSent: () => void }) {
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? email.split('@')[0] ?? '');
  const [content, setContent] = useState('');
  const send = useMutation({
    mutationFn: () => api('POST', `${base}/messages`, { content: content.trim(), authorName: name.trim() }),
    onSuccess: () => {
      localStorage.setItem(NAME_KEY, name.trim());
      setContent('');
      onSent();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (content.trim() && name.trim()) send.mutate();
  }
  return (
    <form onSubmit={submit} aria-label="Reply">
      <Stack gap="xs">
        <Textarea
          label="Reply"
          placeholder="Write to the visitor"
          autosize
          minRows={2}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
        />
        <Group align="flex-end">
          <TextInput
            label="Your name, as the visitor sees it"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" loading={send.isPending} disabled={!content.trim() || !name.trim()}>
            Send
          </Button>
        </Group>
        <ErrorAlert error={send.error} title="The reply could not be sent" />
      </Stack>
    </form>
  );
}
